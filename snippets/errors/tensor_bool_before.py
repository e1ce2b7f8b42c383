import torch


def branch(x):
    if x > 0:  # (1)!
        return x * 2
    return x + 1


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
try:
    branch(x)
except RuntimeError as e:
    print(f"RuntimeError: {e}")
