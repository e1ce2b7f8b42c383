import math

import torch
from torch import nn

norm_types = [2.0, 1.0, float("inf")]
grad_scales = [10.0, 1e-3]
models = {
    "one tensor": lambda: nn.Linear(3, 1, bias=False),
    "MLP": lambda: nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 2)),
    "Conv1d": lambda: nn.Conv1d(1, 2, 3),
}
inputs = {"one tensor": (4, 3), "MLP": (6, 3), "Conv1d": (1, 1, 7)}

cases = clipped = unchanged = 0
smallest, shortfall = math.inf, None
for name, make in models.items():
    for norm_type in norm_types:
        for scale in grad_scales:
            torch.manual_seed(0)
            model = make()
            model(torch.randn(inputs[name])).pow(2).sum().backward()
            for p in model.parameters():
                p.grad.mul_(scale)
            grads = [p.grad.clone() for p in model.parameters()]
            norm = torch.linalg.vector_norm(torch.cat([g.flatten() for g in grads]), norm_type).item()
            for max_norm in [0.5, 1.0, 100.0, norm / 2, norm, norm * 2]:
                for foreach in [False, True]:
                    for p, g in zip(model.parameters(), grads):
                        p.grad.copy_(g)
                    total = nn.utils.clip_grad_norm_(model.parameters(), max_norm, norm_type=norm_type, foreach=foreach)
                    assert math.isclose(total.item(), norm, rel_tol=1e-5, abs_tol=0), (name, norm_type)
                    factor = min(1.0, max_norm / (norm + 1e-6))
                    if factor == 1.0:
                        assert all(torch.equal(g, p.grad) for g, p in zip(grads, model.parameters())), name
                        unchanged += 1
                    else:
                        for g, p in zip(grads, model.parameters()):
                            assert torch.allclose(p.grad, g * factor, rtol=1e-6, atol=0), (name, norm_type, max_norm)
                        clipped += 1
                    if max_norm == norm and norm < 0.1:
                        assert not all(torch.equal(g, p.grad) for g, p in zip(grads, model.parameters())), name
                    if max_norm == norm / 2 and norm < smallest:
                        after = torch.linalg.vector_norm(torch.cat([p.grad.flatten() for p in model.parameters()]), norm_type)
                        smallest, shortfall = norm, 1 - after.item() / max_norm
                    cases += 1

print(f"{cases} cases: {len(models)} models, norms 2, 1 and inf, gradients of norm {smallest:.1g} up to hundreds,")
print("  max_norm 0.5, 1, 100, half the norm, the norm itself and twice it, foreach off and on")
print("  clip_grad_norm_ returns the total norm of all the gradients before clipping")
print(f"  {clipped} cases scaled: every gradient times max_norm / (norm + 1e-6), the same factor for all")
print(f"  {unchanged} cases where that factor is 1 or more: gradients unchanged")
print("  a max_norm equal to a norm below 0.1 still scales the gradients a little")
print(f"  norm {smallest:.1g} clipped to half of it ends {shortfall:.1e} short of max_norm")

nonfinite = {"inf": 0, "nan": 0}
bad_grads = {
    "an inf gradient": [math.inf, 1.0, 2.0],
    "a -inf gradient": [-math.inf, 1.0, 2.0],
    "a nan gradient": [math.nan, 1.0, 2.0],
    "float32 gradients whose norm overflows": [3e38, 3e38, 3e38],
    "float16 gradients whose norm overflows": [6e4, 6e4, 6e4],
}
for name, values in bad_grads.items():
    dtype = torch.float16 if name.startswith("float16") else torch.float32
    for norm_type in norm_types[:2] if "overflows" in name else norm_types:
        for foreach in [False, True]:
            p, q = nn.Parameter(torch.zeros(3, dtype=dtype)), nn.Parameter(torch.zeros(2, dtype=dtype))
            for error_if_nonfinite in [True, False]:
                p.grad, q.grad = torch.tensor(values, dtype=dtype), torch.tensor([3.0, 4.0], dtype=dtype)
                args = ([p, q], 1.0, norm_type)
                if error_if_nonfinite:
                    try:
                        nn.utils.clip_grad_norm_(*args, error_if_nonfinite=True, foreach=foreach)
                    except RuntimeError:
                        pass
                    else:
                        raise AssertionError((name, norm_type, foreach))
                    continue
                total = nn.utils.clip_grad_norm_(*args, foreach=foreach).item()
                after = torch.cat([p.grad, q.grad])
                finite = torch.tensor(values).isfinite()
                if math.isnan(total):
                    assert after.isnan().all(), (name, norm_type)
                    nonfinite["nan"] += 1
                else:
                    assert total == math.inf, (name, norm_type)
                    assert after[:3][~finite].isnan().all() and (after[:3][finite] == 0).all(), (name, norm_type)
                    assert (after[3:] == 0).all(), (name, norm_type)
                    nonfinite["inf"] += 1

print(f"{sum(nonfinite.values())} cases with a total norm of inf or nan, foreach off and on:")
print("  an inf, -inf or nan gradient under norms 2, 1 and inf")
print("  finite float32 and float16 gradients whose norm overflows, under norms 2 and 1")
print("  no error or warning unless error_if_nonfinite=True")
print(f"  {nonfinite['inf']} with norm inf: factor 0, every finite gradient becomes 0, an inf or -inf becomes nan")
print(f"  {nonfinite['nan']} with norm nan: every gradient becomes nan")
print("  error_if_nonfinite=True raises a RuntimeError in every one of them")
