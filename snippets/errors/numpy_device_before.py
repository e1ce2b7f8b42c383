import torch

y = torch.ones(2, device="meta", requires_grad=True) * 2  # (1)!
try:
    y.numpy()
except TypeError as e:
    print(f"TypeError: {e}")
