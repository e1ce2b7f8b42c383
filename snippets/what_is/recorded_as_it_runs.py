import torch

x = torch.tensor(4.0)
w = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(-1.0, requires_grad=True)
print(repr(x), repr(w), repr(b))

s = w * x  # (1)!
print(repr(s))

t = s + b
print(repr(t))

out = torch.relu(t)
print(repr(out))
