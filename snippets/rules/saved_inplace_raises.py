import torch


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        out = a * b
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        a, b, _ = ctx.saved_tensors
        return grad * b, grad * a


def leaf_input(a, b, out, base):
    with torch.no_grad():
        a.mul_(3)


changes = {
    "leaf input, under no_grad()": leaf_input,
    "input that needs no grad": lambda a, b, out, base: b.mul_(3),
    "output": lambda a, b, out, base: out.mul_(3),
    "through a view": lambda a, b, out, base: b[:1].mul_(3),
    "through detach()": lambda a, b, out, base: b.detach().mul_(3),
    "base, elements not saved": lambda a, b, out, base: base[:1].mul_(3),
}
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
raised = 0
for dtype in dtypes:
    for n in [0, 3]:
        for name, change in changes.items():
            base = torch.full((n + 1,), 2.0, dtype=dtype)
            a = torch.ones(n, dtype=dtype, requires_grad=True)
            b = base[1:]
            out = Mul.apply(a, b)
            change(a, b, out, base)
            try:
                out.abs().sum().backward()
            except RuntimeError as e:
                assert "modified by an inplace operation" in str(e)
                raised += 1
            else:
                raise AssertionError((dtype, n, name))
print(f"{raised} in-place changes to saved tensors, {raised} RuntimeErrors at backward")

a = torch.ones(3, requires_grad=True)
b = torch.full((3,), 2.0)
out = Mul.apply(a, b)
b.data.mul_(3)
out.sum().backward()
print(f"b.data.mul_(3) bypasses the version counter: no error, a.grad = {a.grad} (computed from the changed b)")
assert a.grad.tolist() == [6.0, 6.0, 6.0]

for name in ("a", "b"):
    a = torch.ones(3, requires_grad=True)
    b = torch.full((3,), 2.0, requires_grad=True)
    out = Mul.apply(a, b)
    shared = {"a": a, "b": b}[name].detach().numpy()
    shared *= 3
    assert a._version == b._version == 0
    out.sum().backward()
    print(f"{name} tripled through {name}.detach().numpy(): version stays 0, no error,")
    print(f"  a.grad = {a.grad}, b.grad = {b.grad} (computed from the changed {name})")
    assert (a.grad.tolist(), b.grad.tolist()) == ([6.0] * 3, [1.0] * 3) if name == "b" else ([2.0] * 3, [3.0] * 3)


a = torch.ones(3, requires_grad=True)
b = torch.full((3,), 2.0, requires_grad=True)
out = Mul.apply(a, b)
b.untyped_storage().copy_(torch.full((3,), 6.0).untyped_storage())
assert b._version == 0
out.sum().backward()
print(f"b tripled through b.untyped_storage(): version stays 0, no error, a.grad = {a.grad} (computed from the changed b)")
assert a.grad.tolist() == [6.0, 6.0, 6.0]

optimizers = [torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW, torch.optim.Adagrad]
stepped = {}
for opt in optimizers:
    for impl, kwargs in {"for-loop": {"foreach": False}, "foreach": {"foreach": True}, "fused": {"fused": True}}.items():
        a = torch.ones(2, requires_grad=True)
        w = torch.nn.Parameter(torch.tensor([2.0, 3.0]))
        out = Mul.apply(a, w)
        w.grad = torch.ones(2)
        opt([w], lr=1.0, **kwargs).step()
        assert not torch.equal(w, torch.tensor([2.0, 3.0])), (opt, impl)
        try:
            out.sum().backward()
        except RuntimeError as e:
            assert impl != "fused" and "modified by an inplace operation" in str(e), (opt, impl)
            stepped[impl] = "RuntimeError"
        else:
            assert impl == "fused" and w._version == 0 and torch.equal(a.grad, w.detach()), (opt, impl)
            stepped[impl] = "no error, a.grad = the updated w"
names = ", ".join(o.__name__ for o in optimizers)
print(f"{names}: step() on a saved parameter between apply and backward")
for impl, result in stepped.items():
    print(f"  {impl}: {result}")


class Unread(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


a = torch.ones(3, requires_grad=True)
b = a * 1
out = Unread.apply(b)
b.add_(1)
out.sum().backward()
print(f"b saved, b.add_(1), but backward never reads ctx.saved_tensors: no error, a.grad = {a.grad}")
assert a.grad.tolist() == [2.0, 2.0, 2.0]
