import warnings

import torch
import torch.autograd.forward_ad as fwAD
from torch.func import grad

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
g = grad(lambda t: (t**2).sum())(x)
with torch.no_grad():
    with fwAD.dual_level():
        y = fwAD.make_dual(x.detach(), torch.ones(3)) ** 2
        tangent = fwAD.unpack_dual(y).tangent
print(g)
print(x.grad)
print(tangent)
