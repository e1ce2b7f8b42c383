import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.sigmoid()  # (1)!
y.mul_(2)  # (2)!
print(f"y.grad_fn after mul_: {y.grad_fn.name()}")

try:
    y.sum().backward()  # (3)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
