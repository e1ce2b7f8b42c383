import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
y.retain_grad()  # (1)!
z = y**2
z.backward()

print(f"y.retains_grad = {y.retains_grad}")
print(f"y.grad = {y.grad}")  # (2)!
print(f"x.grad = {x.grad}")
