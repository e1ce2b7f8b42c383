import torch

w = torch.ones(3, 2, requires_grad=True)
x = torch.ones(4, 3)
with torch.autocast("cpu", dtype=torch.bfloat16):
    y = x @ w
    s = y.sum()
s.backward()
print(y.dtype)
print(s.dtype)
print(w.grad.dtype)
