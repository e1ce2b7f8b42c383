import torch

a = torch.tensor(0.0, requires_grad=True)
b = a * 3
c = b.exp()
print(repr(b), repr(c))

d = torch.tensor(0.0)
e = d * 3
print(repr(e), e.grad_fn)
