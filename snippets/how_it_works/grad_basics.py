import torch

x = torch.tensor(2.0, requires_grad=True)  # (1)!
y = torch.tensor(3.0, requires_grad=True)

z = x * y + y**2  # (2)!

z.backward()  # (3)!

print(f"dz/dx: {x.grad}")
print(f"dz/dy: {y.grad}")
