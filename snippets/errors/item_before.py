import torch

pred = torch.tensor([0.5, 2.0, 3.0], requires_grad=True)
losses = (pred - 1) ** 2  # (1)!
try:
    print(losses.item())
except RuntimeError as e:
    print(f"RuntimeError: {e}")
