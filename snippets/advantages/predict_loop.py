import torch

x = torch.tensor(1.5, requires_grad=True)
y = x
while y < 10:
    y = y * 2
y.backward()
print(repr(y), x.grad)
