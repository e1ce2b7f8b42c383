import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

y = x.sigmoid()
y = y * 2  # (1)!
y.sum().backward()
print(f"out of place:        x.grad = {x.grad}")

x.grad = None
y = x.sigmoid().clone()  # (2)!
y.mul_(2)
y.sum().backward()
print(f"in place on a clone: x.grad = {x.grad}")

s = x.detach().sigmoid()
print(f"2·σ(x)·(1 − σ(x)):   {2 * s * (1 - s)}")  # (3)!
