import torch
from torch import nn

torch.manual_seed(0)
layers = {3: nn.Linear(3, 1), 5: nn.Linear(5, 1)}  # (1)!


def forward(x):
    return layers[x.shape[-1]](x)  # (2)!


forward(torch.randn(4, 3)).sum().backward()
for features, layer in layers.items():
    print(f"{features} features: weight.grad is None: {layer.weight.grad is None}")  # (3)!
