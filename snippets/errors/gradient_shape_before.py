import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 2
try:
    y.backward(torch.tensor([1.0, 1.0]))  # (1)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
