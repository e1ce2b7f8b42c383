import torch

x = torch.tensor([-2.0, 3.0], requires_grad=True)
torch.where(x > 0, x, -x).sum().backward()
print("where:", x.grad)
x.grad = None
(x if x.sum() > 0 else -x).sum().backward()
print("if:   ", x.grad)
