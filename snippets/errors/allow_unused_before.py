import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0, requires_grad=True)
out = x * 3  # (1)!
try:
    torch.autograd.grad(out, [x, y])
except RuntimeError as e:
    print(f"RuntimeError: {e}")
