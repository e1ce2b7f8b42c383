import torch
from torch import nn

optimizers = {
    "SGD": lambda p: torch.optim.SGD(p, lr=0.1),
    "SGD momentum": lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
    "Adam": lambda p: torch.optim.Adam(p, lr=0.1),
    "AdamW": lambda p: torch.optim.AdamW(p, lr=0.1),
    "RMSprop": lambda p: torch.optim.RMSprop(p, lr=0.1),
}
bad = {"none": 1.0, "inf": float("inf"), "nan": float("nan")}
scales = [2.0**10, 2.0**16]

cases = 0
for make in optimizers.values():
    for foreach in [False, True]:
        for scale in scales:
            for kind, value in bad.items():
                torch.manual_seed(0)
                model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
                optimizer = make(model.parameters())
                optimizer.defaults["foreach"] = foreach
                for group in optimizer.param_groups:
                    group["foreach"] = foreach
                scaler = torch.amp.GradScaler("cpu", init_scale=scale)
                loss = model(torch.randn(5, 3)).pow(2).mean() * value
                scaler.scale(loss).backward()
                scaled = [p.grad.clone() for p in model.parameters()]
                before = [p.detach().clone() for p in model.parameters()]
                scaler.unscale_(optimizer)
                for g, p in zip(scaled, model.parameters()):
                    torch.testing.assert_close(p.grad, g / scale, rtol=0, atol=0, equal_nan=True)
                scaler.step(optimizer)
                scaler.update()
                changed = any(not torch.equal(b, p) for b, p in zip(before, model.parameters()))
                if kind == "none":
                    assert changed and scaler.get_scale() == scale, (kind, scale)
                else:
                    assert not changed and scaler.get_scale() == scale / 2, (kind, scale)
                    assert not optimizer.state, (kind, scale)
                cases += 1
        model = nn.Linear(3, 1)
        optimizer = make(model.parameters())
        scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10, growth_interval=3)
        for step in range(1, 7):
            optimizer.zero_grad()
            scaler.scale(model(torch.ones(2, 3)).sum()).backward()
            scaler.step(optimizer)
            scaler.update()
            assert scaler.get_scale() == 2.0 ** (10 + step // 3), step
        growth = scaler.get_scale()
        cases += 1

fused = {
    "SGD": lambda p: torch.optim.SGD(p, lr=0.1, fused=True),
    "SGD momentum": lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, fused=True),
    "Adam": lambda p: torch.optim.Adam(p, lr=0.1, fused=True),
    "AdamW": lambda p: torch.optim.AdamW(p, lr=0.1, fused=True),
    "Adagrad": lambda p: torch.optim.Adagrad(p, lr=0.1, fused=True),
}
calls_cases = 0
first_skipped = {}
for is_fused, group in [(True, fused), (False, optimizers)]:
    for name, make in group.items():
        for kind, value in bad.items():
            torch.manual_seed(0)
            model = nn.Linear(3, 1)
            optimizer = make(model.parameters())
            calls = []
            optimizer.register_step_pre_hook(lambda *args: calls.append(1))
            scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10)
            for factor in (1.0, value):
                optimizer.zero_grad()
                scaler.scale(model(torch.ones(2, 3)).sum() * factor).backward()
                before = [p.detach().clone() for p in model.parameters()]
                state = [{k: v.clone() for k, v in s.items()} for s in optimizer.state.values()]
                scaler.step(optimizer)
                scaler.update()
            changed = any(not torch.equal(b, p) for b, p in zip(before, model.parameters()))
            kept = all(
                old.keys() == new.keys() and all(torch.equal(old[k], new[k]) for k in old)
                for old, new in zip(state, optimizer.state.values(), strict=True)
            )
            assert changed == (kind == "none") and (kept or kind == "none"), (name, is_fused, kind)
            assert len(calls) == (2 if is_fused or kind == "none" else 1), (name, is_fused, kind)
            calls_cases += 1
        model = nn.Linear(3, 1)
        optimizer = make(model.parameters())
        scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10)
        scaler.scale(model(torch.ones(2, 3)).sum() * float("inf")).backward()
        before = [p.detach().clone() for p in model.parameters()]
        scaler.step(optimizer)
        assert all(torch.equal(b, p) for b, p in zip(before, model.parameters())), name
        if is_fused:
            first_skipped[name] = sorted(next(iter(optimizer.state.values()), {}))
        else:
            assert not optimizer.state, name
assert first_skipped["Adam"] == ["exp_avg", "exp_avg_sq", "step"] and first_skipped["SGD"] == []

print(f"{cases} cases: {len(optimizers)} optimizers, foreach off and on, scales 2**10 and 2**16")
print("  unscale_ divides every .grad by the scale")
print("  finite gradients: step taken, scale unchanged until growth_interval steps in a row had none skipped,")
print(f"  then doubled (growth_interval=3, 6 steps: 2**10 -> {growth:.0f})")
print("  inf or nan in a gradient: step skipped, parameters and optimizer state untouched, scale halved")
print(f"{calls_cases} cases with fused=True ({', '.join(fused)}) and without:")
print("  with inf or nan, scaler.step() did not call optimizer.step() of an optimizer without fused=True;")
print("  it did call a fused one, which skipped the update itself: parameters and existing state untouched")
print("  a fused optimizer whose first step was skipped created its state all the same:")
print("  " + ", ".join(f"{k} {v}" for k, v in first_skipped.items() if k in ("SGD momentum", "Adam")))
