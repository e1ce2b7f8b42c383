import torch


class MyRelu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):  # (1)!
        ctx.save_for_backward(x)  # (2)!
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_y):  # (3)!
        (x,) = ctx.saved_tensors
        return grad_y * (x > 0).to(grad_y.dtype)


x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
y = MyRelu.apply(x)  # (4)!
loss = (y * y).sum()
node = y.grad_fn.name()
print(f"y = {y}, y.grad_fn: {node}")
loss.backward()
print(f"x.grad = {x.grad}")
