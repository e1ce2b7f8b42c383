import torch

x = torch.tensor(3.0, requires_grad=True)
y = x * x
d = y.detach()  # (1)!
print(repr(d), d.data_ptr() == y.data_ptr())  # (2)!
(y * d).backward()  # (3)!
print(x.grad)
