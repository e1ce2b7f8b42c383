import torch
from torch import nn

optimizers = {
    "SGD": lambda p, kw: torch.optim.SGD(p, lr=0.1, **kw),
    "SGD momentum": lambda p, kw: torch.optim.SGD(p, lr=0.1, momentum=0.9, **kw),
    "Adam": lambda p, kw: torch.optim.Adam(p, lr=0.1, **kw),
    "AdamW": lambda p, kw: torch.optim.AdamW(p, lr=0.1, **kw),
    "RMSprop": lambda p, kw: torch.optim.RMSprop(p, lr=0.1, **kw),
    "Adagrad": lambda p, kw: torch.optim.Adagrad(p, lr=0.1, **kw),
}
implementations = {"for-loop": {"foreach": False}, "foreach": {"foreach": True}, "fused": {"fused": True}}
no_fused = ["RMSprop"]
models = {
    "Linear, Tanh, Linear": lambda: nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2)),
    "Conv1d, Tanh, Conv1d": lambda: nn.Sequential(nn.Conv1d(1, 2, 3), nn.Tanh(), nn.Conv1d(2, 1, 3)),
}
inputs = {"Linear, Tanh, Linear": (5, 3), "Conv1d, Tanh, Conv1d": (2, 1, 9)}

cases = 0
for opt_name, make in optimizers.items():
    for impl, kw in implementations.items():
        if impl == "fused" and opt_name in no_fused:
            continue
        fused = impl == "fused"
        for name, build in models.items():
            for order in ["step between", "backward first"]:
                torch.manual_seed(0)
                model = build()
                frozen, unused, zero = nn.Linear(2, 2), nn.Linear(2, 2), nn.Linear(2, 2)
                frozen.requires_grad_(False)
                params = [*model.parameters(), *frozen.parameters(), *unused.parameters(), *zero.parameters()]
                optimizer = make(params, kw)
                out = model(torch.randn(inputs[name]))
                first, second = out.sum(), out.pow(2).mean()
                for p in zero.parameters():
                    p.grad = torch.zeros_like(p)
                versions = [p._version for p in params]
                first.backward(retain_graph=True)
                if order == "backward first":
                    second.backward()
                skipped = [p.clone() for p in [*frozen.parameters(), *unused.parameters()]]
                trained = [(p, p.data_ptr(), p.clone()) for p in model.parameters()]
                optimizer.step()
                for p, address, before in trained:
                    assert p.data_ptr() == address and not torch.equal(p, before), (opt_name, impl, name)
                for p, v in zip(params, versions):
                    assert (p._version > v) == (p.grad is not None and not fused), (opt_name, impl, name)
                for p, before in zip([*frozen.parameters(), *unused.parameters()], skipped):
                    assert p.grad is None and torch.equal(p, before), (opt_name, impl, name)
                if order == "step between":
                    try:
                        second.backward()
                        raised = False
                    except RuntimeError as e:
                        raised = "modified by an inplace operation" in str(e)
                    assert raised != fused, (opt_name, impl, name)
                cases += 1

stale = []
for opt_name, make in optimizers.items():
    if opt_name in no_fused:
        continue
    torch.manual_seed(0)
    layer = nn.Linear(2, 1, bias=False)
    x = torch.tensor([[1.0, 2.0]], requires_grad=True)
    out = layer(x)
    layer.weight.grad = torch.ones_like(layer.weight)
    at_forward = layer.weight.detach().clone()
    make(layer.parameters(), {"fused": True}).step()
    out.sum().backward()
    assert torch.equal(x.grad, layer.weight.detach()) and not torch.equal(x.grad, at_forward), opt_name
    stale.append(opt_name)

print(f"{cases} cases: {len(optimizers)} optimizers, for-loop, foreach and fused, {len(models)} models")
print("  step() writes the trained parameters' new values into their own memory")
print("  a frozen parameter and one the forward pass did not use (.grad None): skipped, same value, same version")
print("  for-loop and foreach: the version of every parameter with a .grad goes up, a .grad of zeros too")
print("    a step between a retained forward and its second backward: modified by an inplace operation")
print("  fused (" + ", ".join(no_fused) + " has none): no version moves, the step between raises nothing")
print("    x.grad of a Linear layer after a fused step between: the updated weight, not the one of the forward pass")
print("    " + ", ".join(stale))
print("  both backward() calls before the step: no error")
