import torch

for value in (1.0, 3.0):
    x = torch.tensor(value, requires_grad=True)
    y = x * 2
    if y > 5:
        y = y + 1
    print(repr(y))
