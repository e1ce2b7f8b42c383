import torch


def poly(coeffs, x):
    result = torch.tensor(0.0)
    for c in coeffs:  # (1)!
        result = result * x + c
    return result


x = torch.tensor(1.5, requires_grad=True)
p = poly([2.0, 0.0, -1.0, 5.0], x)
p.backward()
print(f"p(1.5) = {p.item()}, p'(1.5) = {x.grad.item()}")
