import torch

data_dependent = {
    "if x.sum() > 0": lambda x: x * 2 if x.sum() > 0 else x + 1,
    "if (x > 2).any()": lambda x: x * 2 if (x > 2).any() else x + 1,
    "if x[0] > 0": lambda x: x * 2 if x[0] > 0 else x + 1,
}
not_data_dependent = {
    "if x.shape[0] > 2": lambda x: x * 2 if x.shape[0] > 2 else x + 1,
    "if x.dtype == torch.float64": lambda x: x * 2 if x.dtype == torch.float64 else x + 1,
    "if x.requires_grad": lambda x: x * 2 if x.requires_grad else x + 1,
}
inputs = [torch.tensor([1.0, -2.0, 3.0]), torch.tensor([-1.0, 2.0, -3.0])]
counts = {}
for name, fn in {**data_dependent, **not_data_dependent}.items():
    for dtype in (torch.float32, torch.float64):
        for requires_grad in (False, True):
            torch._dynamo.reset()
            xs = [x.to(dtype, copy=True).requires_grad_(requires_grad) for x in inputs]
            breaks = torch._dynamo.explain(fn)(xs[0]).graph_break_count
            assert (breaks > 0) == (name in data_dependent), (name, breaks)
            counts[name] = breaks
            compiled = torch.compile(fn, backend="aot_eager")
            for x in xs:
                got, want = compiled(x), fn(x)
                assert torch.equal(got, want)
                if requires_grad:
                    (g,) = torch.autograd.grad(got.sum(), x)
                    (w,) = torch.autograd.grad(want.sum(), x)
                    assert torch.equal(g, w)
            try:
                torch.compile(fn, backend="eager", fullgraph=True)(xs[0])
                raised = None
            except torch._dynamo.exc.Unsupported as e:
                raised = type(e).__name__
            assert (raised is not None) == (name in data_dependent), name
print("graph breaks per condition (float32, float64; with and without requires_grad):")
for name, breaks in counts.items():
    print(f"  {name:30} {breaks}")
print("compiled results and gradients equal eager for inputs taking either branch;")
print("fullgraph=True raises Unsupported exactly for the conditions on a tensor's value")
