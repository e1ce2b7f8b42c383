import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()
print(f"w.grad = {w.grad}")

try:
    w -= 0.1 * w.grad  # (1)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
