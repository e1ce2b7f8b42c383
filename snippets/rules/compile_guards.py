import torch

torch.manual_seed(0)
graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def f(x, flag=True, mode="a"):
    y = x * 2 if flag else x + 1
    return y.sin() if mode == "a" else y.cos()


recompile = {
    "x.dtype": lambda x: ((x.to(torch.bfloat16),), {}),
    "x.requires_grad": lambda x: ((x.clone().requires_grad_(),), {}),
    "x.dim()": lambda x: ((x.reshape(2, 3, 1),), {}),
    "x's strides (a transposed copy)": lambda x: ((x.t().contiguous().t(),), {}),
    "a bool argument": lambda x: ((x,), {"flag": False}),
    "a str argument": lambda x: ((x,), {"mode": "b"}),
}
reuse = {
    "the numbers in x": lambda x: ((torch.randn_like(x).requires_grad_(x.requires_grad),), {}),
    "x a view of another tensor": lambda x: ((torch.cat([x, x])[:2],), {}),
    "x a new tensor": lambda x: ((x.clone(),), {}),
}
cases = 0
for changes, expected in ((recompile, 2), (reuse, 1)):
    for name, change in changes.items():
        for dtype in (torch.float32, torch.float64, torch.float16):
            for requires_grad in (False, True):
                if requires_grad and name == "x.requires_grad":
                    continue
                torch._dynamo.reset()
                graphs.clear()
                compiled = torch.compile(f, backend=counting_backend)
                first = torch.ones(2, 3, dtype=dtype, requires_grad=requires_grad)
                args, kwargs = change(first.detach().requires_grad_(requires_grad))
                for _ in range(2):
                    compiled(first)
                    compiled(*args, **kwargs)
                assert len(graphs) == expected, (name, dtype, requires_grad, len(graphs))
                cases += 1


def g(a, b):
    return a * 2 + b


def under_no_grad(compiled, a, b):
    with torch.no_grad():
        return compiled(a, b)


changed_calls = {
    "g(a, a) (aliasing)": lambda compiled, a, b: compiled(a, a),
    "a call under no_grad()": under_no_grad,
}
global_cases = 0
for dtype in (torch.float32, torch.float64, torch.float16):
    for requires_grad in (False, True):
        a = torch.ones(2, 3, dtype=dtype, requires_grad=requires_grad)
        b = torch.ones(2, 3, dtype=dtype, requires_grad=requires_grad)
        for changed in changed_calls.values():
            torch._dynamo.reset()
            graphs.clear()
            compiled = torch.compile(g, backend=counting_backend)
            for _ in range(2):
                compiled(a, b)
                changed(compiled, a, b)
            assert len(graphs) == 2, (dtype, requires_grad, len(graphs))
            global_cases += 1
print(f"{cases} cases (x float32, float64, float16; with and without requires_grad), 4 calls each: first, changed, first, changed")
print(f"one more graph when this changes: {', '.join(recompile)}")
print(f"no new graph: {', '.join(reuse)}")
print(f"{global_cases} cases of g(a, b), same 4 calls: one more graph for {' and for '.join(changed_calls)}")
