import torch


class Shift_(torch.autograd.Function):
    @staticmethod
    def forward(x, w, op):
        return getattr(x, op)(w)

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, w, op = inputs
        ctx.mark_dirty(x)
        ctx.op = op
        ctx.save_for_backward(w)

    @staticmethod
    def backward(ctx, grad):
        (w,) = ctx.saved_tensors
        if ctx.op == "add_":
            return grad, grad.sum_to_size(w.shape), None
        return grad * w.conj(), None, None


cases = raised = 0
for dtype in (torch.float32, torch.float64, torch.complex64):
    for shape in ((), (3,), (2, 3)):
        for op in ("add_", "mul_"):
            for how in ("non-leaf", "view of a non-leaf", "leaf without grad", "leaf with grad", "view of a leaf with grad"):
                base = torch.arange(1.0, 7.0).to(dtype)[: max(1, torch.Size(shape).numel())].reshape(shape)
                a = base.clone().requires_grad_()
                w = torch.full((), 2, dtype=dtype, requires_grad=True)
                cases += 1
                if how in ("leaf with grad", "view of a leaf with grad"):
                    try:
                        Shift_.apply(a if how == "leaf with grad" else a.view(-1)[:], w, op)
                    except RuntimeError as e:
                        assert "leaf Variable that requires grad" in str(e)
                        raised += 1
                        continue
                    raise AssertionError("no error")
                if how == "non-leaf":
                    x = a * 1
                elif how == "view of a non-leaf":
                    x = (a * 1).view(-1)[:]
                else:
                    x = base.clone()
                ref = getattr(x.detach().clone(), op)(w.detach())
                version = x._version
                out = Shift_.apply(x, w, op)
                assert out is x and x._version > version and torch.equal(x.detach(), ref)
                if how == "view of a non-leaf":
                    assert type(x._base.grad_fn).__name__ == "CopySlices", (dtype, shape, op, x._base.grad_fn)
                    assert x.grad_fn.name() == "AsStridedBackward0", (dtype, shape, op, x.grad_fn)
                else:
                    assert x.grad_fn.name() == "Shift_Backward", (dtype, shape, op, how, x.grad_fn)
                x.abs().sum().backward()
                if how != "leaf without grad":
                    expected_x = torch.autograd.grad(getattr(a * 1, op)(w.detach()).abs().sum(), a)[0]
                    assert torch.allclose(a.grad, expected_x, rtol=1e-6, atol=1e-6), (dtype, shape, op, how)
                assert (w.grad is not None) == (op == "add_")
aliases = 0
for how in ("non-leaf", "leaf with grad"):
    a = torch.ones(3, requires_grad=True)
    x = a * 1 if how == "non-leaf" else a
    grad_fn = x.grad_fn
    with torch.no_grad():
        out = Shift_.apply(x, torch.tensor(2.0), "add_")
    assert out is not x and out.data_ptr() == x.data_ptr() and out.grad_fn is None and x.grad_fn is grad_fn, how
    assert x.tolist() == [3.0, 3.0, 3.0]
    aliases += 1
print(f"{cases} in-place Function calls over dtypes, shapes, add_/mul_ and inputs")
print("each other call returned its input, changed, with a higher version and the out-of-place gradient")
print("its grad_fn: Shift_Backward; for a view, the base's grad_fn became CopySlices and the view's AsStridedBackward0")
print(f"a leaf that requires grad, or a view of one, raised {raised} times out of {raised}")
print(f"under no_grad(), an input that requires grad: {aliases} of {aliases} calls returned a new tensor on the same memory, with no grad_fn")
