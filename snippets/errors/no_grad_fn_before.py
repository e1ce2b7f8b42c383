import torch

w = torch.tensor(2.0)
loss = (w * 3 - 1) ** 2
try:
    loss.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
