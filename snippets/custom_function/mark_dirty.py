import torch


class AddOne_(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.add_(1)  # (1)!

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_dirty(inputs[0])  # (2)!

    @staticmethod
    def backward(ctx, grad):
        return grad


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
before = b._version
c = AddOne_.apply(b)
print(f"c is b: {c is b}, b = {b}")
print(f"b._version: {before} -> {b._version}")  # (3)!
(b * b).sum().backward()
print(f"a.grad = {a.grad}")
