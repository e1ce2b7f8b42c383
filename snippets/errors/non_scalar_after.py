import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * x).sum().backward()  # (1)!
print(f"x.grad = {x.grad}")
