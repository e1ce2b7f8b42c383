import math

import torch
from torch.nn import functional as F

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
infinite = {
    "x.sqrt()": (torch.sqrt, math.inf),
    "x**0.5": (lambda x: x**0.5, math.inf),
    "x.log()": (torch.log, math.inf),
    "1 / x": (lambda x: 1 / x, -math.inf),
    "x.rsqrt()": (torch.rsqrt, -math.inf),
}
zero_into_inf = {
    "x.sqrt() * 0": lambda x: x.sqrt() * 0,
    "x.sqrt().clamp(max=-1)": lambda x: x.sqrt().clamp(max=-1),
}
inf_times_zero = {
    "(x**2).sqrt()": lambda x: (x**2).sqrt(),
    "x.abs().sqrt()": lambda x: x.abs().sqrt(),
    "(x * 0).sqrt()": lambda x: (x * 0).sqrt(),
    "(x * x).sum().sqrt()": lambda x: (x * x).sum().sqrt(),
}
selected_away = {
    "x.relu().sqrt()": lambda x: x.relu().sqrt(),
    "(x - 1).clamp(min=0).sqrt()": lambda x: (x - 1).clamp(min=0).sqrt(),
    "torch.where(x > 0, x, 0).sqrt()": lambda x: torch.where(x > 0, x, 0).sqrt(),
    "F.hardtanh(x, 0, 1).sqrt()": lambda x: F.hardtanh(x, 0, 1).sqrt(),
}
selected_through = {
    "x.clamp(min=0).sqrt()": lambda x: x.clamp(min=0).sqrt(),
    "x.clamp(0, 1).sqrt()": lambda x: x.clamp(0, 1).sqrt(),
    "torch.where(x >= 0, x, 0).sqrt()": lambda x: torch.where(x >= 0, x, 0).sqrt(),
}

cases = 0
for dtype in dtypes:
    for shape in [(), (3,)]:
        for name, (f, expected) in infinite.items():
            x = torch.zeros(shape, dtype=dtype, requires_grad=True)
            f(x).sum().backward()
            assert torch.equal(x.grad, torch.full(shape, expected, dtype=dtype)), (dtype, shape, name)
            cases += 1
        for name, f in {**zero_into_inf, **inf_times_zero, **selected_away, **selected_through}.items():
            x = torch.zeros(shape, dtype=dtype, requires_grad=True)
            y = f(x)
            assert torch.isfinite(y).all(), (dtype, shape, name)
            y.sum().backward()
            if name in selected_away:
                assert torch.equal(x.grad, torch.zeros(shape, dtype=dtype)), (dtype, shape, name)
            elif name in selected_through:
                assert torch.equal(x.grad, torch.full(shape, math.inf, dtype=dtype)), (dtype, shape, name)
            else:
                assert torch.isnan(x.grad).all(), (dtype, shape, name)
            cases += 1
        x = torch.zeros(shape, dtype=dtype, requires_grad=True)
        x.norm().backward()
        assert torch.equal(x.grad, torch.zeros(shape, dtype=dtype)), (dtype, shape)
        cases += 1
print(f"{cases} gradients at x = 0, 4 dtypes, scalar and vector")
for sign in (math.inf, -math.inf):
    print(f"{sign}: " + ", ".join(n for n, (_, e) in infinite.items() if e == sign))
print("nan, though every forward value is finite:")
print("  a zero gradient flows into the infinite derivative:", ", ".join(zero_into_inf))
print("  a later node multiplies the inf by a zero derivative:", ", ".join(inf_times_zero))
print("0, where a later node selects the gradient away at 0:", ", ".join(selected_away))
print("inf, where the bound 0 counts as selected:", ", ".join(selected_through))
print("but x.norm() at the zero vector: gradient 0, not nan")
