import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3 - x

(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)  # (1)!
print(f"dy/dx   = {dy_dx!r}")

(d2y_dx2,) = torch.autograd.grad(dy_dx, x)  # (2)!
print(f"d2y/dx2 = {d2y_dx2!r}")

y = x**3 - x
(plain,) = torch.autograd.grad(y, x)  # (3)!
print(f"without create_graph: {plain!r}")
