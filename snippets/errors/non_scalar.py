import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2  # (1)!
print(f"y = {y}")

try:
    y.backward()  # (2)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
