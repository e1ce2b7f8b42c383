import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
z = y**2

grads = torch.autograd.grad(z, y)  # (1)!
print(f"torch.autograd.grad(z, y) = {grads}")
print(f"x.grad = {x.grad}")  # (2)!

y = x * 3
y.register_hook(lambda grad: print(f"hook on y: {grad}"))  # (3)!
z = y**2
z.backward()
print(f"x.grad = {x.grad}")
