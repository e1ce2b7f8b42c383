import torch
from torch import nn

layer = nn.Linear(2, 1)
out = layer(torch.ones(1, 2)).detach()  # (1)!
layer.requires_grad_(False)  # (2)!
print(f"out.requires_grad = {out.requires_grad}, weight.requires_grad = {layer.weight.requires_grad}")
