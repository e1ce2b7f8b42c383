import torch

x = torch.tensor([2.0, -3.0], requires_grad=True)
y = torch.where(x > 0, x * x, -x) if x.sum() < 0 else x * 10
y.sum().backward()
print(x.grad)
