import torch


def g(x):
    y = x * 2
    if y > 5:
        y = y + 1
    return y


a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
ya, yb = g(a), g(b)
print(repr(ya))
print(repr(yb))
