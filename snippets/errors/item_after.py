import torch

pred = torch.tensor([0.5, 2.0, 3.0], requires_grad=True)
losses = (pred - 1) ** 2
print(f"mean: {losses.mean().item():.4f}, each: {losses.tolist()}")  # (1)!
