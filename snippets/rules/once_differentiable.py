import torch
from torch.autograd.function import once_differentiable


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
        return grad * 3 * x * x


class CubeOnce(Cube):
    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        return Cube.backward(ctx, grad)


losses = {"y.sum()": lambda y: y.sum(), "(y * y).sum()": lambda y: (y * y).sum(), "(y * 2).sum()": lambda y: (y * 2).sum()}
cases = raised = grad_raised = no_graph = 0
for dtype in (torch.float32, torch.float64):
    for shape in ((), (3,), (2, 3)):
        for loss_name, loss_of in losses.items():
            x = torch.linspace(-1.5, 2.0, torch.Size(shape).numel(), dtype=dtype).reshape(shape).requires_grad_()
            (g_ref,) = torch.autograd.grad(loss_of(x**3), x, create_graph=True)
            (gg_ref,) = torch.autograd.grad(g_ref.sum(), x)
            (g,) = torch.autograd.grad(loss_of(Cube.apply(x)), x, create_graph=True)
            (gg,) = torch.autograd.grad(g.sum(), x)
            assert torch.allclose(g, g_ref, rtol=1e-5, atol=1e-5) and torch.allclose(gg, gg_ref, rtol=1e-5, atol=1e-5)
            (g1,) = torch.autograd.grad(loss_of(CubeOnce.apply(x)), x, create_graph=True)
            assert torch.allclose(g1, g_ref, rtol=1e-5, atol=1e-5)
            cases += 1
            if loss_name == "(y * y).sum()":
                assert g1.grad_fn.name() == "torch::autograd::Error"
                try:
                    g1.sum().backward()
                except RuntimeError as e:
                    assert "trying to differentiate twice" in str(e)
                    raised += 1
                try:
                    torch.autograd.grad(g1.sum(), x)
                except RuntimeError:
                    grad_raised += 1
            else:
                assert g1.grad_fn is None and not g1.requires_grad
                try:
                    torch.autograd.grad(g1.sum(), x)
                except RuntimeError as e:
                    assert "does not require grad" in str(e)
                else:
                    raise AssertionError("no error")
                (g2,) = torch.autograd.grad(loss_of(CubeOnce.apply(x) + x**3), x, create_graph=True)
                (gg2,) = torch.autograd.grad(g2.sum(), x)
                assert torch.allclose(gg2, gg_ref, rtol=1e-5, atol=1e-5) and not torch.allclose(gg2, 2 * gg_ref, rtol=1e-5, atol=1e-5)
                no_graph += 1
assert raised == grad_raised == 6 and raised + no_graph == cases
print(f"{cases} double backward cases over dtypes, shapes and losses")
print("backward built from torch ops: both derivatives equal those of x**3 in every case")
print(f"@once_differentiable: first derivatives equal; the gradient arriving required grad in {raised}")
print(f"  differentiating again raised in each: {raised} times with backward(), {grad_raised} with autograd.grad()")
print(f"in the other {no_graph}, the gradient arriving needed no grad: the result had no graph at all;")
print("  differentiating it again raised; added to x**3, its share of the second derivative was dropped")
