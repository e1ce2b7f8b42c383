import numpy as np
import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {
    "a * w": lambda a, w: a * w,
    "a / w": lambda a, w: a / w,
    "a.sin()": lambda a, w: a.sin(),
    "a ** 2": lambda a, w: a**2,
    "a.exp()": lambda a, w: a.exp(),
    "a.sigmoid()": lambda a, w: a.sigmoid(),
    "a.tanh()": lambda a, w: a.tanh(),
    "a + w": lambda a, w: a + w,
    "-a": lambda a, w: -a,
    "a.view(3, 1)": lambda a, w: a.view(3, 1),
    "a * 2": lambda a, w: a * 2,
}


def in_no_grad(t):
    with torch.no_grad():
        t.add_(1)


changes = {
    "add_(1)": lambda t: t.add_(1),
    "mul_(2)": lambda t: t.mul_(2),
    "[:1].zero_()": lambda t: t[:1].zero_(),
    "add_(1) in no_grad()": in_no_grad,
}

cases, raised, saved_as = 0, 0, {"input": set(), "output": set()}
for dtype in dtypes:
    for op_name, op in ops.items():
        for which in ["input", "output"]:
            for change in changes.values():
                x = torch.ones(3, dtype=dtype, requires_grad=True)
                w = torch.full((3,), 2.0, dtype=dtype, requires_grad=True)
                a = x * 1
                y = op(a, w)
                packed = [getattr(y.grad_fn, n) for n in dir(y.grad_fn) if n.startswith("_saved_")]
                packed = [p for p in packed if isinstance(p, torch.Tensor)]
                total = y.sum().real
                changed = a if which == "input" else y
                saved = any(p.untyped_storage().data_ptr() == changed.untyped_storage().data_ptr() for p in packed)
                change(changed)
                try:
                    total.backward()
                    error = False
                except RuntimeError as e:
                    assert "modified by an inplace operation" in str(e), e
                    error = True
                assert error == saved, (dtype, op_name, which)
                if saved:
                    saved_as[which].add(op_name)
                cases += 1
                raised += error

for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    w = torch.ones(3, dtype=dtype, requires_grad=True)
    a = x * 1
    total = (a.sin().sum() + w.sum()).real
    a.add_(1)
    torch.autograd.grad(total, w)
    cases += 1

x = torch.ones(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    a = x * 1
    total = a.sin().sum()
a.add_(1)
total.backward()

for dtype in dtypes:  # a change through .data bumps no version: nothing raises, the gradient is wrong
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    a = x * 1
    total = a.sin().sum().real
    a.data.add_(1)
    total.backward()
    assert torch.allclose(x.grad, a.detach().cos().conj(), rtol=1e-2, atol=1e-3), dtype

for dtype in [torch.float16, torch.float32, torch.float64, torch.complex64]:  # nor does a write through NumPy
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    a = x * 1
    total = a.sin().sum().real
    array = a.detach().numpy()
    np.add(array, 1, out=array)
    total.backward()
    assert torch.allclose(x.grad, a.detach().cos().conj(), rtol=1e-2, atol=1e-3), dtype


class Saves(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, read):
        ctx.save_for_backward(a)
        ctx.read = read
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        if ctx.read:
            ctx.saved_tensors
        return grad * 2, None


custom = []
for read in [True, False]:
    a = torch.ones(3, requires_grad=True) * 1
    total = Saves.apply(a, read).sum()
    a.add_(1)
    try:
        total.backward()
        custom.append(False)
    except RuntimeError:
        custom.append(True)
assert custom == [True, False]

print(f"{cases} cases ({len(dtypes)} dtypes, {len(ops)} ops, {len(changes)} in-place changes to the input or the output):")
print(f"  {raised} raised at backward, each time the changed tensor was one a node saved, and only then")
print(f"  saved their input: {', '.join(sorted(saved_as['input']))}")
print(f"  saved their output: {', '.join(sorted(saved_as['output']))}")
print("  a.sin() saved a, a was changed, but a backward pass that does not run SinBackward0 did not raise")
print("  a custom Function raised only when its backward read ctx.saved_tensors")
print("  with saved_tensors_hooks packing what is saved, the version is not checked: the same change raised nothing")
print(f"  a.data.add_(1) after a.sin() raised nothing, in every dtype: x.grad = {x.grad[0].real.item():.4f}, cos(2), not cos(1)")
print("  nor did adding 1 in NumPy to the array a.detach().numpy() returns: the same wrong gradient, cos(2)")
