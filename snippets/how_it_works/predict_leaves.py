import torch

x = torch.tensor(3.0, requires_grad=True)
y = x * x
z = y + x
z.backward()
print(x.is_leaf, y.is_leaf, z.is_leaf)
print(x.grad)
