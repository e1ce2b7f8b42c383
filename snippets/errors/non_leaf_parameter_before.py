import torch

w = torch.ones(3, requires_grad=True).double()  # (1)!
print(f"w.is_leaf = {w.is_leaf}, w.grad_fn = {w.grad_fn.name()}")
try:
    torch.optim.SGD([w], lr=0.1)
except ValueError as e:
    print(f"ValueError: {e}")
print(f"on another device: {torch.ones(3, requires_grad=True).to('meta').grad_fn.name()}")  # (2)!
