import torch

x = torch.tensor(3.0, requires_grad=True)
y = x * x
z = y.detach() * x
z.backward()
print(x.grad)
