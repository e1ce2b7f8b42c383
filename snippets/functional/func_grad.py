import torch
from torch.func import grad


def f(x):
    return (x.sin() * x).sum()


x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
f(x).backward()
print(f"backward(): x.grad = {x.grad}")

w = torch.tensor([0.5, 1.0, 2.0])
g = grad(f)(w)  # (1)!
print(f"grad(f)(w)   = {g}")
print(f"g.grad_fn = {g.grad_fn}, w.grad = {w.grad}")
print(f"grad(grad(sin))(0.5) = {grad(grad(torch.sin))(torch.tensor(0.5)):.4f}")  # (2)!
