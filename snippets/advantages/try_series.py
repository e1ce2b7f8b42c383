import torch

x = torch.tensor(0.5, requires_grad=True)
s = sum(x**k for k in range(1, 5))
s.backward()
print(f"autograd: {x.grad.item():.4f}, by hand: {1 + 2 * 0.5 + 3 * 0.5**2 + 4 * 0.5**3:.4f}")
