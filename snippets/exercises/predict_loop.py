import torch


def grow(x):
    while x.abs() < 10:
        x = x * 2
    return x


a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
ya = grow(a)
yb = grow(b)
ya.backward()
yb.backward()
print(ya, a.grad)
print(yb, b.grad)
