import torch
from torch.autograd.graph import save_on_cpu, saved_tensors_hooks


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 2 * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * grad


def counting():
    calls = {"pack": 0, "unpack": 0}

    def pack(t):
        calls["pack"] += 1
        return t

    def unpack(t):
        calls["unpack"] += 1
        return t

    return calls, saved_tensors_hooks(pack, unpack)


def saved_tensors(node):
    """How many tensors the node saved (custom Functions: what save_for_backward got)."""
    if hasattr(node, "saved_tensors"):
        return len(node.saved_tensors)
    return sum(isinstance(getattr(node, a), torch.Tensor) for a in dir(node) if a.startswith("_saved_"))


dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
ops = {
    "x * w": lambda x, w: x * w,
    "x.exp()": lambda x, w: x.exp(),
    "x @ w": lambda x, w: x @ w,
    "x.relu()": lambda x, w: x.relu(),
    "x.t().sin()": lambda x, w: x.t().sin(),
    "Double.apply(x)": lambda x, w: Double.apply(x),
}
for dtype in dtypes:
    for name, op in ops.items():
        x = torch.randn(2, 2, dtype=dtype, requires_grad=True)
        w = torch.randn(2, 2, dtype=dtype, requires_grad=True)
        calls, hooks = counting()
        with hooks:
            y = op(x, w)
        packed = calls["pack"]
        assert packed == saved_tensors(y.grad_fn) >= 1, (dtype, name, calls)
        before = calls["unpack"]
        y.sum().backward()
        assert calls["unpack"] > before, (dtype, name, calls)
print(f"{len(dtypes)} dtypes x {len(ops)} ops: pack once for each tensor saved, unpack when backward() needs it")

x = torch.randn(3, requires_grad=True)
with_numbers = {
    "x * 2": lambda: x * 2,
    "x / 2": lambda: x / 2,
    "torch.mul(x, 2)": lambda: torch.mul(x, 2),
    "x.mul(2.5)": lambda: x.mul(2.5),
}
for name, op in with_numbers.items():
    calls, hooks = counting()
    with hooks:
        y = op()
    assert calls["pack"] == 0 and saved_tensors(y.grad_fn) == 1, name
print(f"{', '.join(with_numbers)}: the number is saved as a tensor without pack")

calls, hooks = counting()
with hooks:
    y = x.exp()
for _ in range(2):
    y.grad_fn._saved_result
assert calls["unpack"] == 2
print(f"reading _saved_result twice, before any backward: unpack called {calls['unpack']} times")

outer, outer_hooks = counting()
inner, inner_hooks = counting()
with outer_hooks:
    a = x.exp()
    with inner_hooks:
        b = a.exp()
    c = b.exp()
assert (outer["pack"], inner["pack"]) == (2, 1)
print(f"nested blocks: the outer pack ran {outer['pack']} times, the inner {inner['pack']} (innermost wins)")
with outer_hooks:
    with save_on_cpu():
        d = x.exp()
assert outer["pack"] == 2
print("save_on_cpu nested in a hooks block: the outer pack did not run")

for pin in (False, True):
    for dtype in dtypes:
        for make in (lambda: torch.randn(4, 4), lambda: torch.randn(4, 4).t(), lambda: torch.randn(8)[::2]):
            x = make().to(dtype).requires_grad_()
            with save_on_cpu(pin_memory=pin):
                y = x.exp()
            same = y.grad_fn._saved_result.data_ptr() == y.data_ptr()
            assert same != pin, (pin, dtype)
print("save_on_cpu on CPU tensors (4 dtypes, contiguous or not): kept without a copy; with pin_memory=True, copied")
