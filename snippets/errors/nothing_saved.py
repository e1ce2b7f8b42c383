import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x + y  # (1)!

z.backward()
z.backward()  # (2)!
print(f"two backward passes: dz/dx = {x.grad}, dz/dy = {y.grad}")  # (3)!
