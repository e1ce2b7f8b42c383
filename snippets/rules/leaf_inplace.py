import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]


def sub(t):
    t -= 1


def setitem(t):
    t[0] = 0


ops = {"-= 1": sub, "add_(1)": lambda t: t.add_(1), "zero_()": lambda t: t.zero_(), "t[0] = 0": setitem}
ways_in = {"the leaf": lambda t: t, "t[1:]": lambda t: t[1:], "t.view(3, 1)": lambda t: t.view(3, 1)}
modes = {
    "default": (torch.enable_grad, True),
    "no_grad()": (torch.no_grad, False),
    "set_grad_enabled(False)": (lambda: torch.set_grad_enabled(False), False),
    "inference_mode()": (torch.inference_mode, False),
}

cases = 0
messages = set()
for dtype in dtypes:
    for op in ops.values():
        for way in ways_in.values():
            for mode, raises in modes.values():
                for requires_grad in [True, False]:
                    t = torch.ones(3, dtype=dtype, requires_grad=requires_grad)
                    try:
                        with mode():
                            op(way(t))
                        raised = False
                    except RuntimeError as e:
                        messages.add(str(e))
                        raised = True
                    assert raised == (raises and requires_grad), (dtype, op, way, mode, requires_grad)
                    assert t.is_leaf and t.grad_fn is None
                    cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, {len(ops)} in-place ops on the leaf or a view of it, {len(modes)} grad modes)")
print("raised only on a leaf that requires grad, only with recording on; the leaf stayed a leaf every time:")
for message in sorted(messages):
    print(f"  RuntimeError: {message}")
