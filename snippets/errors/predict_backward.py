import torch

x = torch.tensor(3.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
a = x + 1
b = y * y

a.backward()
a.backward()
b.backward()
try:
    b.backward()
except RuntimeError:
    print("RuntimeError")
print(x.grad, y.grad)
