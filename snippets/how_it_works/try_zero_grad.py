import torch

w = torch.tensor(1.0, requires_grad=True)
for step in range(3):
    loss = (w * 2) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None  # (1)!
    print(f"step {step + 1}: w = {w.item():.4f}")
