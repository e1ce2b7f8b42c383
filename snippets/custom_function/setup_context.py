import torch


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(x, w):  # (1)!
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):  # (2)!
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        print(f"needs_input_grad = {ctx.needs_input_grad}")  # (3)!
        grad_x = grad * w if ctx.needs_input_grad[0] else None
        grad_w = grad * x if ctx.needs_input_grad[1] else None
        return grad_x, grad_w  # (4)!


x = torch.tensor([1.0, 2.0], requires_grad=True)
for w in (torch.tensor([3.0, 4.0]), torch.tensor([3.0, 4.0], requires_grad=True)):
    Mul.apply(x, w).sum().backward()
    print(f"w.grad = {w.grad}")
