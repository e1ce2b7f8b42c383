import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 2
y.backward(torch.ones_like(y))  # (1)!
print(f"x.grad = {x.grad}")
