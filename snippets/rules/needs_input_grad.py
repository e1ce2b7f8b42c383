import torch


class Affine(torch.autograd.Function):
    seen = []

    @staticmethod
    def forward(x, w, scale, name):
        return x * w * scale

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, w, scale, name = inputs
        ctx.save_for_backward(x, w)
        ctx.scale = scale

    @staticmethod
    def backward(ctx, grad):
        Affine.seen.append(ctx.needs_input_grad)
        x, w = ctx.saved_tensors
        grad_x = grad * w.conj() * ctx.scale if ctx.needs_input_grad[0] else None
        grad_w = grad * x.conj() * ctx.scale if ctx.needs_input_grad[1] else None
        return grad_x, grad_w, None, None


class AffineCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, scale, name):
        ctx.save_for_backward(x, w)
        ctx.scale = scale
        return x * w * scale

    backward = Affine.backward


cases = calls = 0
for cls in (Affine, AffineCtx):
    for dtype in (torch.float32, torch.float64, torch.complex64):
        for shape in ((), (3,), (2, 3)):
            for x_grad, w_grad in ((True, False), (False, True), (True, True), (False, False)):
                for how in ("leaf", "non-leaf", "view"):
                    x = torch.ones(shape, dtype=dtype, requires_grad=x_grad)
                    w = torch.full(shape, 2, dtype=dtype, requires_grad=w_grad)
                    xin = {"leaf": x, "non-leaf": x * 1, "view": x.view(shape)}[how]
                    Affine.seen.clear()
                    out = cls.apply(xin, w, 3.0, "affine")
                    cases += 1
                    if not (x_grad or w_grad):
                        assert out.grad_fn is None
                        continue
                    out.abs().sum().backward()
                    calls += 1
                    assert Affine.seen == [(x_grad, w_grad, False, False)], (cls, dtype, shape, how, Affine.seen)
                    assert (x.grad is not None) == x_grad and (w.grad is not None) == w_grad
x, w = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
Affine.seen.clear()
torch.autograd.grad(Affine.apply(x, w, 3.0, "affine").sum(), x)
Affine.apply(x, w, 3.0, "affine").sum().backward(inputs=[x])
assert Affine.seen == [(True, True, False, False)] * 2 and w.grad is None
print(f"{cases} calls over both forward styles, dtypes, shapes, leaves, non-leaves and views; backward ran {calls} times")
print("needs_input_grad was (x needs grad, w needs grad, False, False) every time: non-tensor arguments are False")
print(f"autograd.grad(out, x) and backward(inputs=[x]) still gave {Affine.seen[0][:2]}: set when apply ran")
