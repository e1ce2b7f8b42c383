import contextlib

import torch


@contextlib.contextmanager
def inference_then_enable_grad():
    with torch.inference_mode(), torch.enable_grad():
        yield


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
    "inference_mode() > enable_grad()": (inference_then_enable_grad, False),
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
print("allowed inside inference_mode() > enable_grad(), where is_grad_enabled() is True but nothing is recorded")

w = torch.ones(3, requires_grad=True)
w.detach().add_(1)
w.detach()[0].zero_()
w.data.add_(1)
print(f"w.detach().add_(1), w.detach()[0].zero_(), w.data.add_(1): no error, w = {w.tolist()}, still a leaf: {w.is_leaf}")
assert w.tolist() == [1.0, 3.0, 3.0] and w.is_leaf
with torch.inference_mode():
    frozen = torch.ones(3)
for mode in [torch.enable_grad, torch.no_grad]:
    try:
        with mode():
            frozen.add_(1)
    except RuntimeError as e:
        message = str(e)
    else:
        raise AssertionError(mode)
print(f"a tensor made in inference_mode(), changed outside it (with or without no_grad()): RuntimeError: {message.split('.')[0]}")
resized = {}
for mode, context in {"no_grad()": torch.no_grad, "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False)}.items():
    t = torch.ones(3, requires_grad=True)
    try:
        with context():
            t.resize_(4)
    except RuntimeError as e:
        resized[mode] = str(e)
    else:
        raise AssertionError(mode)
t = torch.ones(3, requires_grad=True)
with torch.inference_mode():
    t.resize_(4)
assert t.shape == (4,) and len(set(resized.values())) == 1
print(f"resize_() on a leaf that requires grad, in {' and '.join(resized)}: RuntimeError: {resized['no_grad()']}")
print("inside inference_mode(), resize_() was allowed")
