import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
with torch.no_grad():  # (1)!
    w -= 0.1 * w.grad
print(f"w = {w.detach()}, w.is_leaf = {w.is_leaf}")
