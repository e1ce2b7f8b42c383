import torch
from torch import nn

w = torch.ones(3, dtype=torch.float64, requires_grad=True)  # (1)!
optimizer = torch.optim.SGD([w], lr=0.1)
model = nn.Linear(2, 1).double()  # (2)!
print(f"w.is_leaf = {w.is_leaf}, model.weight.is_leaf = {model.weight.is_leaf}")
print(f"on the CPU, w.to('cpu') is w: {w.to('cpu') is w}")  # (3)!
