import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
try:
    y.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
