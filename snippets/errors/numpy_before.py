import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
y = w * 2
try:
    y.numpy()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
