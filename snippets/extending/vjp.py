import torch
from torch.autograd.functional import jacobian


def f(x):
    return x * x.sum()


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0])
y = f(x)
y.backward(v)  # (1)!
J = jacobian(f, x)  # (2)!
print(f"J =\n{J}")
print(f"v @ J  = {v @ J}")
print(f"x.grad = {x.grad}")

vjp_grad = x.grad
x.grad = None
f(x).sum().backward()  # (3)!
print(f"sum().backward(): x.grad = {x.grad}, ones @ J = {torch.ones(3) @ J}")
try:
    f(x).backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
