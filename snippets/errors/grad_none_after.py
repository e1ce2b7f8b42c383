import torch
from torch import nn

a, b, c, d, w = (torch.tensor(2.0, requires_grad=True) for _ in range(5))
layer = nn.Linear(1, 1)
loss = a + b + c + d + w * 3 + layer(torch.ones(1)).sum()  # (1)!
loss.backward()
print(f"a: {a.grad}, b: {b.grad}, c: {c.grad}, d: {d.grad}, layer: {layer.weight.grad.item()}, w: {w.grad}")
