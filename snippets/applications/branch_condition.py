import torch


def reachable(node):
    seen, stack = [], [node]
    while stack:
        fn = stack.pop()
        if fn is not None and fn.name() not in seen:
            seen.append(fn.name())
            stack.extend(next_fn for next_fn, _ in fn.next_functions)
    return seen


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
condition = x.sum()  # (1)!
condition_node = condition.grad_fn.name()
print(f"condition: {condition!r}")
out = x * 2 if condition > 0 else x + 1  # (2)!
nodes = reachable(out.grad_fn)
print(f"nodes reachable from out: {nodes}")  # (3)!
