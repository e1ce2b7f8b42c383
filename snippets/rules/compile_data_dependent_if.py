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
            assert breaks == (1 if name in data_dependent else 0), (name, breaks)
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


graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def two_ifs(x):
    x = x * 2 if x.sum() > 0 else x + 1
    return x.sin() if x[0] > 0 else x.cos()


def if_in_for(x):
    for _ in range(3):
        x = x * 2 if x.sum() > 0 else x + 1
    return x


def if_in_while(x):
    n = 0
    while n < 3:
        x = x * 2 if x.sum() > 0 else x + 1
        n += 1
    return x


expected = {two_ifs: (2, 3), if_in_for: (None, 0), if_in_while: (None, 0)}
for fn, (want_breaks, want_graphs) in expected.items():
    torch._dynamo.reset()
    if want_breaks is not None:
        assert torch._dynamo.explain(fn)(inputs[0]).graph_break_count == want_breaks, fn.__name__
    torch._dynamo.reset()
    graphs.clear()
    compiled = torch.compile(fn, backend=counting_backend)
    for i, x in enumerate(inputs):
        x = x.clone().requires_grad_()
        got, want = compiled(x), fn(x)
        assert torch.equal(got, want)
        assert torch.equal(torch.autograd.grad(got.sum(), x)[0], torch.autograd.grad(want.sum(), x)[0])
        if i == 0:
            assert len(graphs) == want_graphs, (fn.__name__, len(graphs))
    torch._dynamo.reset()
    try:
        torch.compile(fn, backend="eager", fullgraph=True)(inputs[0])
        raise AssertionError(f"fullgraph=True accepted {fn.__name__}")
    except torch._dynamo.exc.Unsupported:
        pass


def helper(x):
    return x.sin().cos()


def prefix_and_helper(x):
    x = x.exp() * 2
    for _ in range(3):
        x = helper(x)
        x = x * 2 if x.sum() > 0 else x + 1
    return x


for dtype in (torch.float32, torch.float64):
    torch._dynamo.reset()
    graphs.clear()
    compiled = torch.compile(prefix_and_helper, backend=counting_backend)
    for x in inputs:
        x = x.to(dtype, copy=True).requires_grad_()
        got, want = compiled(x), prefix_and_helper(x)
        assert torch.equal(got, want)
        assert torch.equal(torch.autograd.grad(got.sum(), x)[0], torch.autograd.grad(want.sum(), x)[0])
    ops = [[getattr(n.target, "__name__", n.target) for n in gm.graph.nodes if n.op in ("call_function", "call_method")] for gm in graphs]
    assert ops == [["sin", "cos"]], ops
print("two such ifs in a row: 2 graph breaks, 3 graphs on the first call")
print("such an if inside a for or while loop: 0 graphs, the function's own code runs uncompiled (same results)")
print("fullgraph=True raises Unsupported in both")
print(f"x.exp() * 2 before such a loop, helper(x) called in it: graphs {ops}, the helper's alone")
