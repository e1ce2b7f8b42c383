import math

import torch

ops = {
    "sqrt(x)": (torch.sqrt, [-1.0, 0.0]),
    "log(x)": (torch.log, [-1.0, 0.0]),
    "1 / x": (lambda x: 1 / x, [0.0]),
    "x ** 0.5": (lambda x: x**0.5, [-1.0, 0.0]),
    "acos(x)": (torch.acos, [1.0, 2.0]),
    "exp(x)": (torch.exp, [1000.0]),
    "log(x) * 0": (lambda x: torch.log(x) * 0, [0.0, -1.0]),
}
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
cases, poisoned, clean = 0, set(), set()
for dtype in dtypes:
    for name, (op, points) in ops.items():
        for point in points:
            for side in ("a", "b"):
                x = torch.tensor([point, point], dtype=dtype, requires_grad=True)
                if side == "a":
                    out = torch.where(torch.tensor([True, False]), x * 2, op(x))
                else:
                    out = torch.where(torch.tensor([False, True]), op(x), x * 2)
                out.sum().backward()
                probe = torch.tensor([point], dtype=torch.float64, requires_grad=True)
                op(probe.to(dtype)).sum().backward()
                derivative = probe.grad.item()
                bad = not math.isfinite(derivative)
                assert math.isnan(x.grad[0].item()) == bad, (dtype, name, point, side)
                if not bad:
                    assert x.grad[0].item() == 2.0
                (poisoned if bad else clean).add(f"{name} at {point:g}")
                cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, either argument of where): x.grad is nan exactly where")
print("the unchosen branch's derivative is nan or infinite")
print(f"nan: {', '.join(sorted(poisoned))}")
print(f"finite derivative, no nan: {', '.join(sorted(clean))}")


@torch.compile(backend="aot_eager")
def compiled(x):
    return torch.where(x > 0, x.sqrt(), 0.0)


x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
compiled(x).sum().backward()
assert x.grad[:2].isnan().all() and x.grad[2].item() == 0.25
print(f"compiled (aot_eager): x.grad = {x.grad}")
