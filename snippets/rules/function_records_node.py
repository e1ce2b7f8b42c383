import torch


class Scale(torch.autograd.Function):
    grad_mode_in_forward = []

    @staticmethod
    def forward(ctx, x, w, factor):
        Scale.grad_mode_in_forward.append(torch.is_grad_enabled())
        real = x.real if x.is_complex() else x
        return x * w * factor, real.long(), real > 0

    @staticmethod
    def backward(ctx, grad, grad_int, grad_bool):
        return grad, grad, None


modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "inference_mode()": torch.inference_mode,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
}
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
needs_grad = {"x": (True, False), "w": (False, True), "both": (True, True), "neither": (False, False)}

cases = recorded = 0
for mode_name, mode in modes.items():
    for dtype in dtypes:
        for shape in [(), (3,), (0,)]:
            for which, (x_grad, w_grad) in needs_grad.items():
                x = torch.ones(shape, dtype=dtype, requires_grad=x_grad)
                w = torch.ones(shape, dtype=dtype, requires_grad=w_grad)
                with mode():
                    out, out_int, out_bool = Scale.apply(x, w, 2.0)
                expected = mode_name == "default" and which != "neither"
                cases += 1
                recorded += out.grad_fn is not None
                assert (out.grad_fn is not None) == expected, (mode_name, dtype, shape, which)
                assert out.grad_fn is None or out.grad_fn.name() == "ScaleBackward"
                for integral in (out_int, out_bool):
                    assert integral.grad_fn is None and not integral.requires_grad
assert not any(Scale.grad_mode_in_forward)
print(f"{cases} calls: {recorded} outputs got ScaleBackward, every one as the two conditions predict")
print(f"integer and bool outputs with a grad_fn: 0; calls whose forward ran with grad mode on: {sum(Scale.grad_mode_in_forward)}")

calls = 0
for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    w = torch.ones(3, dtype=dtype)
    with torch.inference_mode(), torch.enable_grad():
        out, _, _ = Scale.apply(x, w, 2.0)
        built_in = x * w * 2.0
    assert out.grad_fn.name() == "ScaleBackward" and built_in.grad_fn is None, dtype
    calls += 1
print(f"inside inference_mode() > enable_grad(), {calls} calls: apply records {out.grad_fn.name()}, x * w * 2.0 records nothing")


class FromList(torch.autograd.Function):
    @staticmethod
    def forward(ctx, xs):
        return xs[0] * 2

    @staticmethod
    def backward(ctx, grad):
        return None


x = torch.ones(3, requires_grad=True)
inside = FromList.apply([x])
print(f"x passed inside a list, FromList.apply([x]): grad_fn = {inside.grad_fn}, requires_grad = {inside.requires_grad}")
assert inside.grad_fn is None and not inside.requires_grad
