import torch

x = torch.tensor(2.0, requires_grad=True)


@torch.no_grad()  # (1)!
def evaluate(t):
    return t * 3


@torch.enable_grad()
def differentiable(t):
    return t * 3


print(f"evaluate(x):                        grad_fn={evaluate(x).grad_fn}")
with torch.no_grad():
    y = differentiable(x)  # (2)!
    print(f"differentiable(x) inside no_grad(): grad_fn={y.grad_fn.name()}")
    print(f"after the call, still in no_grad(): is_grad_enabled()={torch.is_grad_enabled()}")

print(f"after the calls: is_grad_enabled()={torch.is_grad_enabled()}")

torch.set_grad_enabled(False)  # (3)!
print(f"after torch.set_grad_enabled(False): is_grad_enabled()={torch.is_grad_enabled()}")
torch.set_grad_enabled(True)
print(f"after torch.set_grad_enabled(True): is_grad_enabled()={torch.is_grad_enabled()}")
