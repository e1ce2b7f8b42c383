import torch

x = torch.tensor(2.0, requires_grad=True)

y = x * 3
print(f"recorded:     {y!r}")

with torch.no_grad():  # (1)!
    w = x * 3
print(f"not recorded: {w!r}, requires_grad={w.requires_grad}")

y.backward()
try:
    x -= 0.1 * x.grad  # (2)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")

with torch.no_grad():
    x -= 0.1 * x.grad  # (3)!
print(f"after one gradient step: {x!r}")

with torch.no_grad():
    with torch.enable_grad():  # (4)!
        v = x * 3
print(f"enable_grad() inside no_grad(): {v!r}")
