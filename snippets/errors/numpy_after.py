import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
y = w * 2
print(y.detach().numpy())  # (1)!
