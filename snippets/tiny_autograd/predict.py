import torch

x = torch.tensor(3.0, requires_grad=True)
for run in range(2):
    y = x * x + x
    y.backward()
print(x.grad)
