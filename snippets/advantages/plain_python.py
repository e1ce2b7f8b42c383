import torch


def poly(coeffs, x):
    result = torch.tensor(0.0)
    for c in coeffs:  # (1)!
        result = result * x + c
        print(f"after coefficient {c}: {result.item()}")
    return result


coeffs = [2.0, 0.0, -1.0, 5.0]
x = torch.tensor(1.5, requires_grad=True)
p = poly(coeffs, x)
p.backward()

print(f"p(1.5)  = {p.item()}")
print(f"p'(1.5) = {x.grad.item()}  (autograd)")
print(f"p'(1.5) = {6 * 1.5**2 - 1}  (by hand: 6x^2 - 1)")  # (2)!
