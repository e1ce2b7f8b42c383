import torch

x = torch.tensor(3.0, requires_grad=True)
h = x * 2
h.register_hook(lambda grad: grad * 10)
y = h**2
y.backward()
print(x.grad)
