import warnings

import torch
from torch.autograd.gradcheck import GradcheckError


class Sort(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, indices = x.sort()
        ctx.save_for_backward(indices)
        positions = indices.to(x.dtype)
        ctx.mark_non_differentiable(positions)  # (1)!
        return values, positions

    @staticmethod
    def backward(ctx, grad_values, grad_indices):  # (2)!
        (indices,) = ctx.saved_tensors
        return torch.zeros_like(grad_values).scatter(0, indices, grad_values)


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
values, indices = Sort.apply(x)
print(f"values = {values}, grad_fn: {values.grad_fn.name()}")
print(f"indices = {indices}, requires_grad: {indices.requires_grad}")
(values * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(f"x.grad = {x.grad}")

with torch.no_grad():
    print(f"under no_grad(): grad_fn = {Sort.apply(x)[0].grad_fn}")  # (3)!


def sorted_values(t):
    return Sort.apply(t)[0]


x64 = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
ok = torch.autograd.gradcheck(sorted_values, (x64,), eps=1e-6, atol=1e-5, rtol=1e-3)  # (4)!
print(f"gradcheck (float64, eps=1e-6, atol=1e-5, rtol=1e-3): {ok}")

x32 = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        torch.autograd.gradcheck(sorted_values, (x32,), eps=1e-6, atol=1e-5, rtol=1e-3)  # (5)!
    except GradcheckError as error:
        print("gradcheck (float32, the same settings):", *str(error).splitlines()[:4], sep="\n  ")
print(f"  it had warned: {str(caught[0].message).split('.')[0]}")
