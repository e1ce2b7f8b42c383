import torch


def grow(x):
    while x.abs() < 10:
        x = x * 2
    return x


for start in [1.0, 3.0]:
    x = torch.tensor(start, requires_grad=True)
    y = grow(x)
    y.backward()
    print(y, x.grad)
