import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.sigmoid()
h = h + 1  # (1)!
g = x.relu().clone()  # (2)!
g[0] = 0.0
(h.sum() + g.sum()).backward()
print(f"x.grad = {x.grad}")
