import torch
from torch import nn

layer = nn.Linear(2, 1)
out = layer(torch.ones(1, 2))
try:
    out.requires_grad = False  # (1)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
