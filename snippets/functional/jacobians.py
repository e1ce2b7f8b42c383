import warnings

import torch
from torch.func import hessian, jacfwd, jacrev, jvp, vjp

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)


def f(x):
    t = torch.linspace(0, 1, 100)
    return torch.sin(x[0] * t) * x[1]


x = torch.tensor([1.0, 2.0])
J = jacrev(f)(x)
print(f"jacrev: J is {tuple(J.shape)}; jacfwd differs by {(jacfwd(f)(x) - J).abs().max().item():.6f}")
print(f"hessian of f(x).sum(): {tuple(hessian(lambda x: f(x).sum())(x).shape)}")

columns = [jvp(f, (x,), (e,))[1] for e in torch.eye(2)]  # (1)!
_, pullback = vjp(f, x)
rows = [pullback(e)[0] for e in torch.eye(100)]  # (2)!
print(f"forward mode: {len(columns)} jvp calls, differs by {(torch.stack(columns, 1) - J).abs().max().item():.6f}")
print(f"reverse mode: {len(rows)} vjp calls, differs by {(torch.stack(rows) - J).abs().max().item():.6f}")
