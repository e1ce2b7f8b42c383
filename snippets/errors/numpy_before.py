import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    (w * 2).numpy()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
