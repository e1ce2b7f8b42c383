import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
shapes = [(), (1,), (1, 1), (1, 1, 1), (2,), (3, 1), (0,), (2, 3)]

cases = worked = 0
for dtype in dtypes:
    for shape in shapes:
        x = torch.ones(shape, dtype=dtype, requires_grad=True)
        y = x * 2
        try:
            y.backward()
            ok = True
        except RuntimeError as e:
            assert "grad can be implicitly created only for" in str(e), (dtype, shape)
            ok = False
        assert ok == (y.numel() == 1 and not dtype.is_complex), (dtype, shape)
        if ok:
            assert x.grad.shape == x.shape, (dtype, shape)
        cases += 1
        worked += ok
        x.grad = None
        y = x * 2
        y.backward(torch.ones_like(y))
        assert x.grad.shape == x.shape, (dtype, shape)
print(f"{cases} backward() calls without an argument: {worked} worked, each on a real tensor of one element")
print("worked for shapes", [s for s in shapes if torch.ones(s).numel() == 1])
x = torch.ones(2, requires_grad=True)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(f"shape (2,): RuntimeError: {e}")
x = torch.ones((), dtype=torch.complex64, requires_grad=True)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(f"complex64, shape (): RuntimeError: {e}")
print("with gradient=torch.ones_like(y): worked for every shape and dtype")
