import torch
from torch import nn

pred = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
target = torch.zeros(4)
print(f"nn.MSELoss() uses reduction={nn.MSELoss().reduction!r}")  # (1)!
losses = []
for reduction in ("mean", "sum"):
    pred.grad = None
    loss = nn.MSELoss(reduction=reduction)(pred, target)
    loss.backward()
    losses.append(loss.item())
    print(f"reduction={reduction!r}: loss = {loss.item():.2f}, pred.grad = {pred.grad}")
