import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)

z = x * y + y**2
z.backward(retain_graph=True)  # (1)!
z.backward()
print(f"retain_graph=True: dz/dx = {x.grad}, dz/dy = {y.grad}")  # (2)!

for step in range(2):
    x.grad = None  # (3)!
    y.grad = None
    z = x * y + y**2  # (4)!
    z.backward()
    print(f"rebuilt, step {step}: dz/dx = {x.grad}, dz/dy = {y.grad}")
