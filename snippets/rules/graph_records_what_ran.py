import torch


def nodes(t):
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo.extend(n for n, _ in node.next_functions)
    return sorted(n.name().split("::")[-1] for n in seen)


def branch(x, c):
    if c:
        return x.exp()
    return x.sin()


def loop(x, n):
    for _ in range(n):
        x = x.tanh()
    return x


def while_loop(x, n):
    while n > 0:
        x = x * 2
        n -= 1
    return x


dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
cases = 0
for dtype in dtypes:
    for shape in [(), (3,), (2, 3)]:
        for view in (False, True):
            leaf = torch.ones(shape, dtype=dtype, requires_grad=True)
            x = leaf[...] if view else leaf
            base = set(nodes(x)) if view else set()
            for c in (True, False):
                out = branch(x, c)
                expected = {"AccumulateGrad", "ExpBackward0" if c else "SinBackward0"} | base
                assert set(nodes(out)) == expected, (dtype, shape, view, c)
                again = branch(x, c)
                assert again.grad_fn is not out.grad_fn
                cases += 1
            for n in range(4):
                for fn, op in ((loop, "TanhBackward0"), (while_loop, "MulBackward0")):
                    out = fn(x, n)
                    names = nodes(out)
                    assert names.count(op) == n, (dtype, shape, view, fn.__name__, n)
                    cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, 3 shapes, leaf or view): the graph holds the branch that ran and one copy of a loop body per iteration")

layers = torch.nn.ModuleDict({"a": torch.nn.Linear(2, 1), "b": torch.nn.Linear(2, 1)})
layers["a"](torch.ones(1, 2)).sum().backward()
used = [p.grad is not None for p in layers["a"].parameters()]
unused = [p.grad is not None for p in layers["b"].parameters()]
assert all(used) and not any(unused)
print(f"layer used: grads {used}; layer not used: grads {unused}")
layers["b"](torch.ones(1, 2)).sum().backward()
before = [p.grad.clone() for p in layers["b"].parameters()]
layers["a"](torch.ones(1, 2)).sum().backward()
kept = all(torch.equal(p.grad, g) for p, g in zip(layers["b"].parameters(), before))
layers.zero_grad()
layers["a"](torch.ones(1, 2)).sum().backward()
cleared = [p.grad for p in layers["b"].parameters()]
assert kept and cleared == [None, None]
print(f"a gradient from an earlier pass stays unchanged in the layer not used: {kept}; after zero_grad(): {cleared}")
x = torch.ones(3, requires_grad=True)
print(f"a new graph on every call: {branch(x, True).grad_fn is not branch(x, True).grad_fn}")
