import torch

x = torch.tensor(3.0, requires_grad=True)
a, b = x + 1, x * x
for loss in [a, a, b, b]:
    try:
        loss.backward()
        print(x.grad)
    except RuntimeError:
        print("RuntimeError")
