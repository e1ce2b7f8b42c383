import torch

w = torch.tensor(1.0, requires_grad=True)
for step in range(3):
    loss = (w * 3 - 1) ** 2
    loss.backward()
    with torch.no_grad():  # (1)!
        w -= 0.02 * w.grad
    w.grad = None  # (2)!
print(f"last loss = {loss.item():.4f}, w = {w.item():.4f}, w.is_leaf = {w.is_leaf}")
