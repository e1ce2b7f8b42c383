import torch


def dynamic_branch(x):
    if x.sum() > 0:  # (1)!
        return x * 2
    else:
        return x + 1


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = dynamic_branch(x)
y.backward(torch.tensor([1.0, 1.0, 1.0]))
print(x.grad)  # (2)!
