import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * y + y**2  # (1)!

z.backward()  # (2)!
print(f"first backward: dz/dx = {x.grad}, dz/dy = {y.grad}")

try:
    z.backward()  # (3)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
