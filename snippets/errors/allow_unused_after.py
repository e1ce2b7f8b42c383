import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0, requires_grad=True)
out = x * 3
print(torch.autograd.grad(out, [x, y], allow_unused=True, retain_graph=True))  # (1)!
print(torch.autograd.grad(out, [x, y], allow_unused=True, materialize_grads=True))  # (2)!
