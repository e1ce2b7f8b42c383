import torch
from torch.autograd.function import once_differentiable
from torch.autograd.gradcheck import GradcheckError


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x * x  # (1)!


class CubeOnce(Cube):
    @staticmethod
    @once_differentiable  # (2)!
    def backward(ctx, grad):
        return Cube.backward(ctx, grad)


x = torch.tensor(2.0, requires_grad=True)
for cls in (Cube, CubeOnce):
    (g,) = torch.autograd.grad(cls.apply(x) ** 2, x, create_graph=True)  # (3)!
    print(f"{cls.__name__}: first derivative {g.item()}, its grad_fn: {g.grad_fn.name()}")
    try:
        g.backward()
        print(f"  second derivative {x.grad.item()}")
    except RuntimeError as e:
        print(f"  RuntimeError: {e}")

x64 = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
ones = (torch.ones(3, dtype=torch.float64, requires_grad=True),)  # (4)!
print(f"gradgradcheck(Cube): {torch.autograd.gradgradcheck(Cube.apply, (x64,), ones, eps=1e-6, atol=1e-5, rtol=1e-3)}")
try:
    torch.autograd.gradgradcheck(CubeOnce.apply, (x64,), ones, eps=1e-6, atol=1e-5, rtol=1e-3)
except GradcheckError as e:
    print("gradgradcheck(CubeOnce):", *str(e).strip().splitlines(), sep="\n  ")  # (5)!
