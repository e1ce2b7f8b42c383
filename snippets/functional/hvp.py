import warnings

import torch
from torch.func import grad, hessian, jvp

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)

torch.manual_seed(0)


def f(x):
    return (x.sin() * x).sum() + (x[:-1] * x[1:]).sum()


x = torch.randn(5, dtype=torch.float64)
v = torch.randn(5, dtype=torch.float64)

xr = x.clone().requires_grad_()
(g,) = torch.autograd.grad(f(xr), xr, create_graph=True)  # (1)!
(double_backward,) = torch.autograd.grad(g @ v, xr)
full = hessian(f)(x) @ v  # (2)!
forward_over_reverse = jvp(grad(f), (x,), (v,))[1]  # (3)!
print(f"H·v = {forward_over_reverse}")
for name, other in [("double backward", double_backward), ("hessian(f)(x) @ v", full)]:
    print(f"{name}: largest difference {(other - forward_over_reverse).abs().max().item():.10f}")
