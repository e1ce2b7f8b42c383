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
print(f"{cases} derivatives: without create_graph=True never a grad_fn")
print("with it, a grad_fn:", ", ".join(n for n, (_, d) in functions.items() if d))
print("with it, still none (the derivative is a constant):", ", ".join(n for n, (_, d) in functions.items() if not d))
