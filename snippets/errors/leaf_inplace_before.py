import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
try:
    w -= 0.1 * w.grad
except RuntimeError as e:
    print(f"RuntimeError: {e}")
