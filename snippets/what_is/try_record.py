import torch

a = torch.tensor(2.0, requires_grad=True)
b = a * 3
c = b.exp()
print(b.grad_fn.name(), c.grad_fn.name())

d = torch.tensor(2.0)
e = d * 3
print(e.grad_fn, e.requires_grad)
