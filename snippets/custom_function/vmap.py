import torch


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        return grad * w, grad * x


xs = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = torch.tensor([10.0, 100.0])
batched = torch.func.vmap(Mul.apply, in_dims=(0, None))  # (1)!
try:
    batched(xs, w)
except RuntimeError as e:
    print(f"RuntimeError: {e}")
Mul.generate_vmap_rule = True  # (2)!
print(batched(xs, w))
grad_w = torch.func.grad(lambda x, w: Mul.apply(x, w).sum(), argnums=1)
print(torch.func.vmap(grad_w, in_dims=(0, None))(xs, w))  # (3)!
