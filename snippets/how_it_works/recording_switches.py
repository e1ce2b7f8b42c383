import torch

for dtype in [torch.float16, torch.bfloat16, torch.float64, torch.complex64, torch.int64]:
    try:
        x = torch.ones(2, dtype=dtype, requires_grad=True)  # (1)!
        print(f"{str(dtype):15} x * 2: grad_fn={(x * 2).grad_fn.name()}")
    except RuntimeError as e:
        print(f"{str(dtype):15} RuntimeError: {e}")

x = torch.ones(2, requires_grad=True)
modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
    "inference_mode()": torch.inference_mode,
}
for name, mode in modes.items():
    with mode():
        y = x * 2
        enabled = torch.is_grad_enabled()  # (2)!
    node = y.grad_fn.name() if y.grad_fn is not None else None
    print(f"{name:24} is_grad_enabled()={enabled!s:5} x * 2: grad_fn={node}")
