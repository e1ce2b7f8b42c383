import torch


def f(x):
    if x > 0:  # (1)!
        return x**2 + 1
    return x * 3


def show(node, depth=0):
    print("    " * depth + node.name())
    for parent, _ in node.next_functions:
        if parent is not None:
            show(parent, depth + 1)


for value in (2.0, -2.0):
    x = torch.tensor(value, requires_grad=True)
    out = f(x)  # (2)!
    out.backward()
    print(f"x = {value}: f(x) = {out.item()}, df/dx = {x.grad.item()}")
    show(out.grad_fn)
    print()

x = torch.tensor(2.0, requires_grad=True)
first, second = f(x), f(x)
print("same graph object twice?", first.grad_fn is second.grad_fn)  # (3)!
