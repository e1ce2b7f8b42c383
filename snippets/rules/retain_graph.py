import warnings

import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {"x * x": lambda x: x * x, "x.exp()": lambda x: x.exp(), "x.sin() ** 2": lambda x: x.sin() ** 2}
settings = [
    ({}, False),
    ({"retain_graph": False}, False),
    ({"retain_graph": True}, True),
    ({"create_graph": True}, True),
    ({"create_graph": True, "retain_graph": False}, False),
    ({"create_graph": False, "retain_graph": True}, True),
]
calls = {
    "backward": lambda out, x, kw: out.backward(**kw),
    "autograd.grad": lambda out, x, kw: torch.autograd.grad(out, x, **kw),
}

cases = 0
for dtype in dtypes:
    for op in ops.values():
        for kw, kept in settings:
            for call in calls.values():
                x = torch.ones(3, dtype=dtype, requires_grad=True)
                out = op(x).sum().real
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    call(out, x, kw)
                try:
                    torch.autograd.grad(out, x)
                    again = True
                except RuntimeError:
                    again = False
                assert again == kept, (dtype, kw)
                cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, {len(ops)} graphs, backward() and autograd.grad):")
for kw, kept in settings:
    args = ", ".join(f"{k}={v}" for k, v in kw.items()) or "no arguments"
    print(f"  {args:38} -> {'saved tensors kept' if kept else 'freed'}")
