import contextlib
import warnings

import torch

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)


@contextlib.contextmanager
def inference_then(inner):
    with torch.inference_mode(), inner():
        yield


modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "inference_mode()": torch.inference_mode,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
    "inference_mode() > enable_grad()": lambda: inference_then(torch.enable_grad),
    "inference_mode() > set_grad_enabled(True)": lambda: inference_then(lambda: torch.set_grad_enabled(True)),
}
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {
    "x * 2": lambda x, w: x * 2,
    "x.exp()": lambda x, w: x.exp(),
    "x + w (w needs no grad)": lambda x, w: x + w,
    "x.abs() > 0": lambda x, w: x.abs() > 0,
    "x.abs().argmax()": lambda x, w: x.abs().argmax(),
    "x.real.long()": lambda x, w: x.real.long(),
    "w * 2 (only w)": lambda x, w: w * 2,
}

cases = recorded = 0
grad_mode_on = {}
for mode_name, mode in modes.items():
    with mode():
        grad_mode_on[mode_name] = torch.is_grad_enabled()
    for dtype in dtypes:
        x = torch.ones(3, dtype=dtype, requires_grad=True)
        w = torch.ones(3, dtype=dtype)
        for op_name, op in ops.items():
            with mode():
                r = op(x, w)
            expected = (
                mode_name == "default"
                and op_name != "w * 2 (only w)"
                and (r.dtype.is_floating_point or r.dtype.is_complex)
            )
            cases += 1
            recorded += r.grad_fn is not None
            assert (r.grad_fn is not None) == expected, (mode_name, dtype, op_name)
print(f"{cases} cases: {recorded} recorded, every one as the three conditions predict")
assert [m for m, on in grad_mode_on.items() if on] == ["default", *list(modes)[-2:]]
print("is_grad_enabled() is True in", ", ".join(m for m, on in grad_mode_on.items() if on))
print("recording is on only where grad mode is on and inference mode is off")

for dtype in [torch.int64, torch.int32, torch.bool]:
    try:
        torch.zeros(3, dtype=dtype, requires_grad=True)
    except RuntimeError as e:
        print(f"{dtype}: RuntimeError: {e}")

x = torch.ones(3, requires_grad=True)
for code, r in {"torch.zeros_like(x)": torch.zeros_like(x), "torch.histc(x)": torch.histc(x)}.items():
    print(f"{code}: all three conditions hold, grad_fn={r.grad_fn}")

y = (x**3).sum()
with torch.no_grad():
    (g,) = torch.autograd.grad(y, x, create_graph=True)
assert g.grad_fn is not None and torch.equal(g, 3 * x.detach() ** 2)
print(f"inside no_grad(), create_graph=True still records the backward pass: grad_fn={g.grad_fn.name()}")

inside = []


def square_sum(x):
    y = x * x
    inside.append(y.grad_fn is not None)
    return y.sum()


transforms = {
    "grad": lambda x: torch.func.grad(square_sum)(x),
    "vjp": lambda x: torch.func.vjp(square_sum, x)[1](torch.tensor(1.0, dtype=x.dtype))[0],
    "jacrev": lambda x: torch.func.jacrev(square_sum)(x),
    "hessian": lambda x: torch.func.hessian(square_sum)(x).sum(0),
}
for mode_name, mode in modes.items():
    for dtype in [torch.float32, torch.float64]:
        for name, transform in transforms.items():
            x = torch.tensor([1.0, 2.0], dtype=dtype)
            inside.clear()
            with mode():
                g = transform(x)
            assert inside == [True], (mode_name, name)
            assert g.grad_fn is None and torch.equal(g, 2 * x if name != "hessian" else torch.full_like(x, 2)), name
print(f"torch.func {', '.join(transforms)} called in each of the {len(modes)} modes:")
print("  inside the function they transform, x * x was recorded; the result they return has no grad_fn")
