import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
print(f"recorded:     {y!r}")

with torch.no_grad():  # (1)!
    w = x * 3
print(f"not recorded: {w!r}")
