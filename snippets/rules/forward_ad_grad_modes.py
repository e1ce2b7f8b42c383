import warnings

import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jvp

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)

torch.manual_seed(0)
tolerance = {torch.float16: 2e-2, torch.bfloat16: 1e-1, torch.float32: 1e-4, torch.float64: 1e-7, torch.complex64: 1e-4}
functions = {
    "sin(x) * x": lambda t: t.sin() * t,
    "x.exp().cumsum(-1)": lambda t: t.exp().cumsum(-1),
    "x @ x.mT": lambda t: t @ t.mT if t.dim() > 1 else t * t,
    "tanh(x).sum()": lambda t: t.tanh().sum(),
}
modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
    "inference_mode()": torch.inference_mode,
}


def reference(f, x, v, h=1e-6):
    wide = torch.complex128 if x.is_complex() else torch.float64
    x, v = x.to(wide), v.to(wide)
    return (f(x + h * v) - f(x - h * v)) / (2 * h)


cases = lost = 0
for dtype, tol in tolerance.items():
    for shape in [(), (3,), (2, 3)]:
        for name, f in functions.items():
            for mode, context in modes.items():
                x = torch.randn(shape, dtype=dtype)
                v = torch.randn(shape, dtype=dtype)
                expected = reference(f, x, v)
                with context():
                    with fwAD.dual_level():
                        y = f(fwAD.make_dual(x, v))
                        dual_tangent = fwAD.unpack_dual(y).tangent
                    _, jvp_tangent = jvp(f, (x,), (v,))
                assert y.grad_fn is None and x.grad is None, (dtype, shape, name, mode)
                assert torch.allclose(jvp_tangent.to(expected.dtype), expected, rtol=tol, atol=tol), (dtype, shape, name, mode)
                if mode == "inference_mode()":
                    assert dual_tangent is None, (dtype, shape, name)
                    lost += 1
                else:
                    assert torch.allclose(dual_tangent.to(expected.dtype), expected, rtol=tol, atol=tol), (dtype, shape, name, mode)
                cases += 1
print(f"{cases} cases (5 dtypes, 3 shapes, 4 functions, 4 grad modes): no grad_fn, no .grad")
print("jvp's tangent = J·v in every mode, within rtol = atol = 2e-2 (float16), 1e-1 (bfloat16), 1e-4, 1e-7, 1e-4 (complex64)")
print(f"dual tensors: tangent = J·v under default, no_grad() and set_grad_enabled(False); None in all {lost} inference_mode() cases")
