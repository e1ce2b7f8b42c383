import torch
from torch import nn

optimizers = {
    "SGD": lambda p, f: torch.optim.SGD(p, lr=0.1, foreach=f),
    "SGD momentum": lambda p, f: torch.optim.SGD(p, lr=0.1, momentum=0.9, foreach=f),
    "Adam": lambda p, f: torch.optim.Adam(p, lr=0.1, foreach=f),
    "AdamW": lambda p, f: torch.optim.AdamW(p, lr=0.1, foreach=f),
    "RMSprop": lambda p, f: torch.optim.RMSprop(p, lr=0.1, foreach=f),
    "Adagrad": lambda p, f: torch.optim.Adagrad(p, lr=0.1, foreach=f),
}
models = {
    "Linear, Tanh, Linear": lambda: nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2)),
    "Conv1d, Tanh, Conv1d": lambda: nn.Sequential(nn.Conv1d(1, 2, 3), nn.Tanh(), nn.Conv1d(2, 1, 3)),
}
inputs = {"Linear, Tanh, Linear": (5, 3), "Conv1d, Tanh, Conv1d": (2, 1, 9)}

cases = 0
for make in optimizers.values():
    for foreach in [False, True]:
        for name, build in models.items():
            for order in ["step between", "backward first"]:
                torch.manual_seed(0)
                model = build()
                frozen, unused, zero = nn.Linear(2, 2), nn.Linear(2, 2), nn.Linear(2, 2)
                frozen.requires_grad_(False)
                params = [*model.parameters(), *frozen.parameters(), *unused.parameters(), *zero.parameters()]
                optimizer = make(params, foreach)
                out = model(torch.randn(inputs[name]))
                first, second = out.sum(), out.pow(2).mean()
                for p in zero.parameters():
                    p.grad = torch.zeros_like(p)
                versions = [p._version for p in params]
                first.backward(retain_graph=True)
                if order == "backward first":
                    second.backward()
                skipped = [p.clone() for p in [*frozen.parameters(), *unused.parameters()]]
                optimizer.step()
                for p, v in zip(params, versions):
                    assert (p._version > v) == (p.grad is not None), (name, foreach)
                for p, before in zip([*frozen.parameters(), *unused.parameters()], skipped):
                    assert p.grad is None and torch.equal(p, before), (name, foreach)
                if order == "step between":
                    try:
                        second.backward()
                        raised = False
                    except RuntimeError as e:
                        raised = "modified by an inplace operation" in str(e)
                    assert raised, (name, foreach)
                cases += 1

print(f"{cases} cases: {len(optimizers)} optimizers, foreach off and on, {len(models)} models")
print("  step() updates in place every parameter that has a .grad, a .grad of zeros too: its version goes up")
print("  a frozen parameter and one the forward pass did not use (.grad None): skipped, same value, same version")
print("  a step between a retained forward and its second backward: modified by an inplace operation")
print("  both backward() calls before the step: no error")
