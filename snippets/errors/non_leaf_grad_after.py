import torch

w = torch.tensor(2.0, requires_grad=True)
h = w * 3
h.retain_grad()  # (1)!
(h * h).backward()
print(f"h.grad = {h.grad}, w.grad = {w.grad}")
