import torch

w = torch.tensor(2.0)  # (1)!
loss = (w * 3 - 1) ** 2
print(f"loss.requires_grad = {loss.requires_grad}, loss.grad_fn = {loss.grad_fn}")
try:
    loss.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")

w = torch.tensor(2.0, requires_grad=True)
with torch.no_grad():  # (2)!
    loss = (w * 3 - 1) ** 2
print(f"loss.requires_grad = {loss.requires_grad}, loss.grad_fn = {loss.grad_fn}")
try:
    loss.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
