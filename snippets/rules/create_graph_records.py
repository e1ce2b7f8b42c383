import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
functions = {
    "x**3 - x": (lambda x: x**3 - x, True),
    "x.exp()": (lambda x: x.exp(), True),
    "x.sin()": (lambda x: x.sin(), True),
    "x * x": (lambda x: x * x, True),
    "torch.relu(x)": (lambda x: torch.relu(x), True),
    "3 * x": (lambda x: 3 * x, False),
    "x + 1": (lambda x: x + 1, False),
    "x.sum()": (lambda x: x.sum(), False),
}
cases = 0
for dtype in dtypes:
    for shape in [(), (3,)]:
        for name, (f, depends) in functions.items():
            for create_graph in (False, True):
                x = torch.full(shape, 2.0, dtype=dtype, requires_grad=True)
                (g,) = torch.autograd.grad(f(x).sum(), x, create_graph=create_graph)
                assert (g.grad_fn is not None) == (create_graph and depends), (dtype, shape, name, create_graph)
                assert g.requires_grad == (g.grad_fn is not None), (dtype, shape, name, create_graph)
                cases += 1
print(f"{cases} derivatives: without create_graph=True no grad_fn")
print("with it, a grad_fn:", ", ".join(n for n, (_, d) in functions.items() if d))
print("with it, still none (the derivative is a constant):", ", ".join(n for n, (_, d) in functions.items() if not d))



class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        with torch.enable_grad():
            return grad * 2 * x


passed_through = 0
for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    w = torch.ones(3, dtype=dtype, requires_grad=True)
    weights = w * 2
    (g,) = torch.autograd.grad(x + 1, x, grad_outputs=weights)
    assert g is weights and g.grad_fn is not None, dtype
    (g,) = torch.autograd.grad(x * 3, x, grad_outputs=weights)
    assert g.grad_fn is None, dtype
    y = (x**3).sum()
    with torch.inference_mode():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    assert g.grad_fn is None, dtype
    (g,) = torch.autograd.grad(Square.apply(x).sum(), x)
    assert g.grad_fn is not None, dtype
    passed_through += 1
print(f"grad_outputs passed through unchanged (x + 1) keeps its own grad_fn: {passed_through} dtypes")
print("create_graph=True inside inference_mode(): no grad_fn")
print(f"a custom backward that turns recording on: grad_fn={g.grad_fn.name()} without create_graph=True")
