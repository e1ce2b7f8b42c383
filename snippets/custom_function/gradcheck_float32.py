import warnings

import torch
from torch.autograd.gradcheck import GradcheckError


def cube(t):
    return t * t * t


x32 = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        torch.autograd.gradcheck(cube, (x32,), eps=1e-6, atol=1e-5, rtol=1e-3)
    except GradcheckError as e:
        print(f"GradcheckError: {e}".strip())
print(f"{caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}")
x64 = x32.detach().double().requires_grad_()
print(f"float64: {torch.autograd.gradcheck(cube, (x64,), eps=1e-6, atol=1e-5, rtol=1e-3)}")
spacing = torch.finfo(torch.float32).eps
print(f"float32 spacing near 1: {spacing:.1e}, near 8: {8 * spacing:.1e}")
