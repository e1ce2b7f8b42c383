import torch
from torch.autograd.functional import jacobian

torch.manual_seed(0)
tolerance = {torch.float16: 1e-2, torch.bfloat16: 5e-2, torch.float32: 1e-5, torch.float64: 1e-12}
functions = {
    "sin(x) * x.sum()": lambda t: torch.sin(t) * t.sum(),
    "x.exp().cumsum(-1)": lambda t: t.exp().cumsum(-1),
    "x @ x.T": lambda t: t @ t.transpose(0, -1) if t.dim() > 1 else t * t,
}
cases = 0
for dtype, tol in tolerance.items():
    for shape in [(), (1,), (3,), (2, 3)]:
        for name, f in functions.items():
            x = torch.randn(shape, dtype=torch.float64).to(dtype).requires_grad_()
            y = f(x)
            v = torch.randn(y.shape, dtype=torch.float64).to(dtype)
            y.backward(v)
            J = jacobian(f, x.detach()).reshape(y.numel(), x.numel())
            vjp = (v.reshape(1, -1) @ J).reshape(shape)
            assert torch.allclose(x.grad, vjp, rtol=tol, atol=tol), (dtype, shape, name)
            cases += 1
print(f"{cases} cases (4 dtypes, 4 shapes, 3 functions): x.grad = v @ J within rtol = atol = 1e-2 (float16), 5e-2 (bfloat16), 1e-5, 1e-12")

for shape in [(), (1,), (1, 1), (2,), (0,)]:
    x = torch.ones(shape, requires_grad=True)
    try:
        (x * 3).backward()
        assert x.numel() == 1 and torch.equal(x.grad, torch.full(shape, 3.0))
        print(f"shape {shape}: backward() works, as v = 1")
    except RuntimeError as e:
        assert x.numel() != 1
        print(f"shape {shape}: RuntimeError: {e}")
z = torch.ones((), dtype=torch.complex64, requires_grad=True)
try:
    (z * 3).backward()
except RuntimeError as e:
    print(f"complex scalar: RuntimeError: {e}")
else:
    raise AssertionError("complex scalar")
