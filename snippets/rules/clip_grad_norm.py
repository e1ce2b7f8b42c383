import math

import torch
from torch import nn

norm_types = [2.0, 1.0, float("inf")]
max_norms = [0.5, 1.0, 100.0]
models = {
    "one tensor": lambda: nn.Linear(3, 1, bias=False),
    "MLP": lambda: nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 2)),
    "Conv1d": lambda: nn.Conv1d(1, 2, 3),
}
inputs = {"one tensor": (4, 3), "MLP": (6, 3), "Conv1d": (1, 1, 7)}

cases = clipped = 0
for name, make in models.items():
    for norm_type in norm_types:
        for max_norm in max_norms:
            for foreach in [False, True]:
                torch.manual_seed(0)
                model = make()
                (model(torch.randn(inputs[name])) * 10).pow(2).sum().backward()
                grads = [p.grad.clone() for p in model.parameters()]
                expected = torch.linalg.vector_norm(torch.cat([g.flatten() for g in grads]), norm_type).item()
                total = nn.utils.clip_grad_norm_(model.parameters(), max_norm, norm_type=norm_type, foreach=foreach)
                assert math.isclose(total.item(), expected, rel_tol=1e-5, abs_tol=0), (name, norm_type)
                after = torch.linalg.vector_norm(torch.cat([p.grad.flatten() for p in model.parameters()]), norm_type).item()
                if expected > max_norm:
                    assert math.isclose(after, max_norm, rel_tol=1e-5, abs_tol=0), (name, norm_type, max_norm)
                    clipped += 1
                else:
                    assert all(torch.equal(g, p.grad) for g, p in zip(grads, model.parameters())), name
                cases += 1

print(f"{cases} cases: {len(models)} models, norms 2, 1 and inf, max_norm 0.5, 1 and 100, foreach off and on")
print("  clip_grad_norm_ returns the total norm of all the gradients before clipping")
print(f"  {clipped} cases over max_norm: gradients scaled to a total norm of max_norm")
print(f"  {cases - clipped} cases under it: gradients unchanged")
