import torch

w = torch.tensor(2.0, requires_grad=True)  # (1)!
loss = (w * 3 - 1) ** 2  # (2)!
print(f"loss.requires_grad = {loss.requires_grad}, loss.grad_fn = {loss.grad_fn.name()}")
loss.backward()
print(f"w.grad = {w.grad}")  # (3)!
