import torch


def f(x):
    if x > 0:  # (1)!
        return x**2 + 1
    return x * 3


pos = torch.tensor(2.0, requires_grad=True)
neg = torch.tensor(-2.0, requires_grad=True)
for x in (pos, neg):
    out = f(x)
    out.backward()
    print(f"x = {x.item()}: f(x) = {out!r}, df/dx = {x.grad}")

first, second = f(pos), f(pos)  # (2)!
print(f"f(pos) twice: {first.grad_fn.name()}, {second.grad_fn.name()}, same graph: {first.grad_fn is second.grad_fn}")
