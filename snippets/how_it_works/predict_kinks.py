import torch

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
y = torch.relu(x) + x.clamp(min=0) + x.abs()
y.sum().backward()
print(y)
print(x.grad)
