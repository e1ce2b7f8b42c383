import torch

x = torch.tensor(2.0, requires_grad=True)

for step in range(1, 4):
    z = x**2  # (1)!
    z.backward()
    print(f"after backward #{step}: x.grad = {x.grad}")  # (2)!

x.grad.zero_()
print(f"after x.grad.zero_(): x.grad = {x.grad}")

x.grad = None  # (3)!
print(f"after x.grad = None: x.grad = {x.grad}")

(x**2).backward()
print(f"one more backward: x.grad = {x.grad}")
