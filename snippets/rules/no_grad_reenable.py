import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {"x * 3": lambda x: x * 3, "x.exp()": lambda x: x.exp(), "x.sum()": lambda x: x.sum(), "x[0]": lambda x: x[0]}
reenable = {
    "nothing": None,
    "enable_grad()": torch.enable_grad,
    "set_grad_enabled(True)": lambda: torch.set_grad_enabled(True),
}

cases = views_require_grad = 0
for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    for op_name, op in ops.items():
        for inner_name, inner in reenable.items():
            with torch.no_grad():
                if inner is None:
                    r = op(x)
                else:
                    with inner():
                        r = op(x)
                after = op(x)
            assert (r.grad_fn is not None) == (inner is not None), (dtype, op_name, inner_name)
            assert after.grad_fn is None, (dtype, op_name, inner_name)
            assert after.requires_grad == (op_name == "x[0]"), (dtype, op_name, inner_name)
            views_require_grad += after.requires_grad
            cases += 1
print(f"{cases} operations inside no_grad(): recorded exactly when enable_grad() or set_grad_enabled(True) is nested inside")
print("after the inner block ends, recording is off again")
print(f"no grad_fn, yet requires_grad=True: {views_require_grad} results, all of them views (x[0])")

for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    y = x * 2
    node = y.grad_fn
    with torch.no_grad():
        r = y.mul_(2)
    assert r is y and r.grad_fn is node, dtype
print(f"in place inside no_grad(): y.mul_(2) returns y with the grad_fn it already had, {r.grad_fn.name()}")

views = {
    "y[:1]": lambda y: y[:1],
    "y[0]": lambda y: y[0],
    "y.view(6)": lambda y: y.view(6),
    "y.t()": lambda y: y.t(),
    "y.diagonal()": lambda y: y.diagonal(),
}
rebuilt = {}
for dtype in dtypes:
    for leaf in (False, True):
        for view_name, view in views.items():
            x = torch.ones(2, 3, dtype=dtype, requires_grad=True)
            y = x if leaf else x * 2
            v = view(y)
            old, base_node = v.grad_fn, y.grad_fn
            with torch.no_grad():
                r = v.mul_(2)
            assert r is v and r.grad_fn is not old, (dtype, leaf, view_name)
            assert r.grad_fn.name() == "AsStridedBackward0" and y.grad_fn is base_node, (dtype, leaf, view_name)
            (g,) = torch.autograd.grad(v.real.sum(), x)
            want = torch.zeros(2, 3, dtype=dtype)
            view(want).fill_(1 if leaf else 2)
            assert torch.equal(g, want), (dtype, leaf, view_name)
            rebuilt[f"{old.name()} -> {r.grad_fn.name()}"] = True
print(f"a view changed in place inside no_grad(): {len(dtypes) * 2 * len(views)} cases, base leaf or not,")
print("  the same tensor back, its grad_fn rebuilt:", ", ".join(rebuilt))
print("  the base's grad_fn unchanged, and the gradient through the view leaves out the change")

for dtype in [torch.float32, torch.float64]:
    x = torch.tensor(2.0, dtype=dtype, requires_grad=True)
    y = x**3
    with torch.no_grad():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    assert g.grad_fn is not None, dtype
print(f"autograd.grad(..., create_graph=True) inside no_grad(): the derivative has grad_fn={g.grad_fn.name()}")

inside = []


def cube_sum(x):
    y = x**3
    inside.append(y.grad_fn is not None)
    return y.sum()


transforms = {
    "grad": lambda x: torch.func.grad(cube_sum)(x),
    "vjp": lambda x: torch.func.vjp(cube_sum, x)[1](torch.tensor(1.0, dtype=x.dtype))[0],
    "jacrev": lambda x: torch.func.jacrev(cube_sum)(x),
}
for dtype in [torch.float32, torch.float64]:
    for name, transform in transforms.items():
        x = torch.tensor([1.0, 2.0], dtype=dtype, requires_grad=True)
        inside.clear()
        with torch.no_grad():
            g = transform(x)
            after = x * 3
        assert inside == [True] and after.grad_fn is None, (dtype, name)
        assert torch.equal(g, 3 * x.detach() ** 2), (dtype, name)
print(f"torch.func {', '.join(transforms)} inside no_grad(): x**3 recorded inside the function they transform")
