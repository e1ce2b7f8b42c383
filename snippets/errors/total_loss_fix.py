import torch

w = torch.tensor(2.0, requires_grad=True)
total_loss = 0.0
for step in range(100):
    loss = (w * 3 - 1) ** 2
    total_loss += loss.item()  # (1)!
print(f"total_loss = {total_loss!r}")
