import torch

x = torch.tensor(1.5, requires_grad=True)
p = torch.tensor(0.0)
for c in [2.0, 0.0, -1.0, 5.0]:  # (1)!
    p = p * x + c
p.backward()
print(f"p(1.5) = {p.item()}, p'(1.5) = {x.grad.item()}")
