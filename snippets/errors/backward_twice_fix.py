import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * y + y**2
z.backward(retain_graph=True)  # (1)!
z.backward()
print(f"retain_graph=True: dz/dx = {x.grad}, dz/dy = {y.grad}")  # (2)!
