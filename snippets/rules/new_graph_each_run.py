import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
functions = {
    "x * 2": lambda x: x * 2,
    "x.exp().sum()": lambda x: x.exp().sum(),
    "x * x + x": lambda x: x * x + x,
    "x[0] if x.real.sum() > 0 else -x": lambda x: x[0] if x.real.sum() > 0 else -x,
}


def nodes(root):
    seen, stack = [], [root]
    while stack:
        node = stack.pop()
        if node is not None and all(node is not s for s in seen):
            seen.append(node)
            stack.extend(n for n, _ in node.next_functions)
    return seen


cases = 0
for dtype in dtypes:
    for name, f in functions.items():
        x = torch.ones(3, dtype=dtype, requires_grad=True)
        first, second = f(x), f(x)
        a, b = nodes(first.grad_fn), nodes(second.grad_fn)
        shared = [n for n in a if any(n is m for m in b)]
        assert [n.name() for n in a] == [n.name() for n in b], (dtype, name)
        assert all(n.name().endswith("AccumulateGrad") for n in shared) and len(shared) == 1, (dtype, name)
        cases += 1
print(f"{cases} functions run twice on the same leaf: two graphs with the same node names, no node in common")
print("except the leaf's AccumulateGrad node, which both graphs share while they are alive")

for dtype in dtypes[:4]:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    h = x * 2
    history = nodes(h.grad_fn)
    layer = torch.nn.Linear(3, 2).to(dtype)
    for name, f, inp, kept in [
        ("h * 3, h = x * 2", lambda t: t * 3, h, len(history)),
        ("nn.Linear on a leaf", layer, x, 3),
    ]:
        a, b = nodes(f(inp).grad_fn), nodes(f(inp).grad_fn)
        shared = [n for n in a if any(n is m for m in b)]
        assert len(shared) == kept, (dtype, name)
        assert all(any(n is m for m in history) or n.name().endswith("AccumulateGrad") for n in shared), (dtype, name)
        cases += 1
print(f"a non-leaf input shares its own graph ({', '.join(n.name() for n in history)});")
print("nn.Linear shares 3 AccumulateGrad nodes (input, weight, bias)")
