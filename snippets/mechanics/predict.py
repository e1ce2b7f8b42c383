import torch

z = torch.tensor(3 + 4j, requires_grad=True)
z.abs().backward()
print(z.grad)
