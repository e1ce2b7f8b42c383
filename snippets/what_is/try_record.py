import torch

a = torch.tensor(0.0, requires_grad=True)
b = a * 3
print(repr(b), repr(b.exp()))

e = torch.tensor(0.0) * 3
print(repr(e), e.grad_fn)
