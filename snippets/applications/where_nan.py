import torch


def sqrt_or_zero(x):
    return torch.where(x > 0, x.sqrt(), 0.0)  # (1)!


def sqrt_or_zero_masked(x):
    positive = x > 0
    safe_x = torch.where(positive, x, 1.0)  # (2)!
    return torch.where(positive, safe_x.sqrt(), 0.0)


x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y = sqrt_or_zero(x)
y.sum().backward()
print(f"unmasked: y = {y.detach()}, x.grad = {x.grad}")  # (3)!

x_masked = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y_masked = sqrt_or_zero_masked(x_masked)
y_masked.sum().backward()
print(f"masked:   y = {y_masked.detach()}, x.grad = {x_masked.grad}")  # (4)!
