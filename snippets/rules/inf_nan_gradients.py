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
at_edge = {
    "x.pow(1 / 3) at 0": (lambda x: x.pow(1 / 3), 0.0, math.inf),
    "x.asin() at 1": (torch.asin, 1.0, math.inf),
    "x.asin() at -1": (torch.asin, -1.0, math.inf),
    "x.acos() at 1": (torch.acos, 1.0, -math.inf),
    "x.acos() at -1": (torch.acos, -1.0, -math.inf),
    "x.acosh() at 1": (torch.acosh, 1.0, math.inf),
    "x.atanh() at 1": (torch.atanh, 1.0, math.inf),
    "x.atanh() at -1": (torch.atanh, -1.0, math.inf),
    "x.erfinv() at 1": (torch.erfinv, 1.0, math.inf),
    "x.logit() at 0": (torch.logit, 0.0, math.inf),
    "torch.special.entr(x) at 0": (torch.special.entr, 0.0, math.inf),
}
negative_zero = {}
p_norms = {
    "torch.linalg.vector_norm(x, ord=0.5)": lambda x: torch.linalg.vector_norm(x, ord=0.5),
    "x.norm(p=0.5)": lambda x: x.norm(p=0.5),
}
for dtype in dtypes:
    for name, (f, point, expected) in at_edge.items():
        x = torch.full((3,), point, dtype=dtype, requires_grad=True)
        f(x).sum().backward()
        assert torch.equal(x.grad, torch.full((3,), expected, dtype=dtype)), (dtype, name)
        cases += 1
    for name, (f, _) in infinite.items():
        x = torch.full((3,), -0.0, dtype=dtype, requires_grad=True)
        f(x).sum().backward()
        assert torch.isinf(x.grad).all(), (dtype, name)
        negative_zero.setdefault(name, set()).add(x.grad[0].item())
        cases += 1
    for name, f in p_norms.items():
        x = torch.tensor([0.0, 1.0], dtype=dtype, requires_grad=True)
        y = f(x)
        y.backward()
        assert y.item() == 1 and x.grad.tolist() == [0.0, 1.0], (dtype, name)
        cases += 1
assert negative_zero["x.sqrt()"] == {-math.inf}
for name, (f, _) in infinite.items():
    x = torch.zeros(3, dtype=torch.complex64, requires_grad=True)
    f(x).real.sum().backward()
    assert torch.isnan(torch.view_as_real(x.grad)).any(), name
    cases += 1

print(f"{cases} gradients, 4 real dtypes, and complex64 for the first five below")
for sign in (math.inf, -math.inf):
    print(f"{sign} at 0: " + ", ".join(n for n, (_, e) in infinite.items() if e == sign))
print("at -0.0 too, all five give inf or -inf, the sign not always that at +0.0: x.sqrt() gives -inf")
for sign in (math.inf, -math.inf):
    print(f"{sign} at an edge of the domain: " + ", ".join(n for n, (_, _, e) in at_edge.items() if e == sign))
print("on complex64 at 0, a nan in the real or the imaginary part: all five")
print("a p-norm with p < 1 at [0, 1], whose slope is infinite at the 0: gradient 0 there")
print("  " + ", ".join(p_norms))
print("nan, though every forward value is finite:")
print("  a zero gradient flows into the infinite derivative:", ", ".join(zero_into_inf))
print("  a later node multiplies the inf by a zero derivative:", ", ".join(inf_times_zero))
print("0, where a later node selects the gradient away at 0:", ", ".join(selected_away))
print("inf, where the bound 0 counts as selected:", ", ".join(selected_through))
print("but x.norm() at the zero vector: gradient 0, not nan")
