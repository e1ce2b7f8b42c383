import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    (x * x).backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
