import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
print((w * 2).detach().numpy())  # (1)!
