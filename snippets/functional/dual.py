import warnings

import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jvp

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)  # (1)!


def f(x):
    return x.sin() * x


x = torch.tensor([0.5, 1.0, 2.0])
v = torch.ones(3)
with torch.no_grad(), fwAD.dual_level():  # (2)!
    y = f(fwAD.make_dual(x, v))  # (3)!
    primal, tangent = fwAD.unpack_dual(y)
print(f"primal  = {primal}")
print(f"tangent = {tangent}")
print(f"y.grad_fn = {y.grad_fn}, x.grad = {x.grad}")
print(f"jvp(f, (x,), (v,)): {jvp(f, (x,), (v,))}")  # (4)!
