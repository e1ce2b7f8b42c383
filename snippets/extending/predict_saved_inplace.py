import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad_y):
        (x,) = ctx.saved_tensors
        return grad_y * 3 * x**2


x = torch.tensor(2.0, requires_grad=True)
y = Cube.apply(x)
with torch.no_grad():
    x.add_(1)
try:
    y.backward()
    print(f"x.grad = {x.grad}")
except RuntimeError as e:
    print(f"RuntimeError: {str(e).split('. Hint')[0]}")
