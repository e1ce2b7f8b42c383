import torch
from torch import nn

pred = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
losses = []
for loss_fn in (nn.MSELoss(), nn.MSELoss(reduction="sum")):  # (1)!
    pred.grad = None
    loss = loss_fn(pred, torch.zeros(4))
    loss.backward()
    losses.append(loss.item())
    print(f"reduction={loss_fn.reduction!r}: loss = {loss.item():.2f}, pred.grad = {pred.grad}")
