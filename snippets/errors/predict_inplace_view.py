import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x * 2
a[0] = 0
a.sum().backward()
first = x.grad
print(first)

x.grad = None
b = x.exp()
b[0] = 0
try:
    b.sum().backward()
except RuntimeError:
    print("RuntimeError")
print(x.grad)
