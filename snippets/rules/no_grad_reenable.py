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

for dtype in [torch.float32, torch.float64]:
    x = torch.tensor(2.0, dtype=dtype, requires_grad=True)
    y = x**3
    with torch.no_grad():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    assert g.grad_fn is not None, dtype
print(f"autograd.grad(..., create_graph=True) inside no_grad(): the derivative has grad_fn={g.grad_fn.name()}")
