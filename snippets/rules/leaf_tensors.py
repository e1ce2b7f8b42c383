import torch
from torch import nn

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "inference_mode()": torch.inference_mode,
}

cases = leaves = 0
telling = {}
for dtype in dtypes:
    for mode_name, mode in modes.items():
        with mode():
            x = torch.ones(2, 3, dtype=dtype, requires_grad=True)
            c = torch.ones(2, 3, dtype=dtype)
            tensors = {
                "created, requires_grad=True": x,
                "created, requires_grad=False": c,
                "nn.Parameter": nn.Parameter(torch.ones(2, dtype=dtype)),
                "x * 2": x * 2,
                "c * 2": c * 2,
                "x[0] (a view)": x[0],
                "x.detach()": x.detach(),
                "x > 0" if not dtype.is_complex else "x.abs() > 0": x.abs() > 0,
            }
        for name, t in tensors.items():
            cases += 1
            leaves += t.is_leaf
            assert t.is_leaf == (t.grad_fn is None), (dtype, mode_name, name)
            assert t.is_leaf or t.requires_grad, (dtype, mode_name, name)
            if dtype == torch.float32:
                telling.setdefault(name, []).append(f"{mode_name}: {t.is_leaf}")
print(f"{cases} tensors: {leaves} leaves, and is_leaf == (grad_fn is None) for every one")
for name in ["x * 2", "x[0] (a view)", "c * 2", "x.detach()"]:
    print(f"{name:15} is_leaf  " + ", ".join(telling[name]))

with torch.no_grad():
    r = torch.ones(2, requires_grad=True) * 2
r.requires_grad_()
print(f"made under no_grad(), then requires_grad_(): is_leaf={r.is_leaf}, requires_grad={r.requires_grad}")
