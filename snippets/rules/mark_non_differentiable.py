import torch


class Split(torch.autograd.Function):
    received = []

    @staticmethod
    def forward(ctx, x, materialize):
        ctx.set_materialize_grads(materialize)
        mask = (x.real if x.is_complex() else x) > 0
        flag = mask.to(x.dtype)
        ctx.mark_non_differentiable(flag, mask)
        return x * 2, flag, mask

    @staticmethod
    def backward(ctx, grad, grad_flag, grad_mask):
        Split.received.append((grad_flag, grad_mask))
        return grad * 2, None


dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
cases = 0
for dtype in dtypes:
    for shape in [(), (3,), (2, 3)]:
        for materialize in [True, False]:
            x = torch.ones(shape, dtype=dtype, requires_grad=True)
            out, flag, mask = Split.apply(x, materialize)
            assert out.requires_grad and out.grad_fn.name() == "SplitBackward"
            for marked in (flag, mask):
                assert not marked.requires_grad and marked.grad_fn is None and marked.is_leaf
            out.abs().sum().backward()
            grad_flag, grad_mask = Split.received.pop()
            if materialize:
                assert torch.equal(grad_flag, torch.zeros_like(flag)), (dtype, shape)
            else:
                assert grad_flag is None and grad_mask is None, (dtype, shape)
            cases += 1
print(f"{cases} calls, float and bool outputs marked: none requires grad or has a grad_fn")
print("backward received for them: zeros (None after ctx.set_materialize_grads(False))")
