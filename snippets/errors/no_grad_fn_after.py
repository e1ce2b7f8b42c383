import torch

w = torch.tensor(2.0, requires_grad=True)  # (1)!
loss = (w * 3 - 1) ** 2
loss.backward()
print(f"w.grad = {w.grad}")
