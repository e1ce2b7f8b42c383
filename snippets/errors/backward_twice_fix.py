import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)

for step in range(2):
    x.grad = None  # (1)!
    y.grad = None
    z = x * y + y**2  # (2)!
    z.backward()
    print(f"rebuilt, step {step}: dz/dx = {x.grad}, dz/dy = {y.grad}")

x.grad = None
y.grad = None
z = x * y + y**2
z.backward(retain_graph=True)  # (3)!
z.backward()
print(f"retain_graph=True: dz/dx = {x.grad}, dz/dy = {y.grad}")  # (4)!
