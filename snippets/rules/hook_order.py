import itertools

import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
expected = ["tensor hook 1", "tensor hook 2", "node pre-hook", "node hook", "leaf tensor hook", "leaf post-accumulate"]
cases = 0
for dtype in dtypes:
    for order in itertools.permutations(expected):
        log = []
        x = torch.ones(3, dtype=dtype, requires_grad=True)
        y = x * 2
        register = {
            "tensor hook 1": lambda: y.register_hook(lambda g: log.append("tensor hook 1")),
            "tensor hook 2": lambda: y.register_hook(lambda g: log.append("tensor hook 2")),
            "node pre-hook": lambda: y.grad_fn.register_prehook(lambda go: log.append("node pre-hook")),
            "node hook": lambda: y.grad_fn.register_hook(lambda gi, go: log.append("node hook")),
            "leaf tensor hook": lambda: x.register_hook(lambda g: log.append("leaf tensor hook")),
            "leaf post-accumulate": lambda: x.register_post_accumulate_grad_hook(lambda t: log.append("leaf post-accumulate")),
        }
        for kind in order:
            register[kind]()
        y.abs().sum().backward()
        tensor_hooks = [k for k in order if k.startswith("tensor hook")]
        assert log == tensor_hooks + expected[2:], (dtype, order, log)
        cases += 1
print(f"{cases} registration orders x dtypes: tensor hooks (in registration order) < node pre-hook < node hook < leaf hooks")

seen = []
x = torch.ones(3, requires_grad=True)
x.register_hook(lambda g: seen.append(f"tensor hook: x.grad is {x.grad}"))
x.register_post_accumulate_grad_hook(lambda t: seen.append(f"post-accumulate: x.grad is {t.grad}"))
(x * 2).sum().backward()
assert x.grad is not None and seen[0].endswith("None")
print(*seen, sep="\n")

log = []
x = torch.ones(3, requires_grad=True)
y = x * 2
y.register_hook(lambda g: log.append(f"hook registered before y.mul_(3) gets {g.tolist()}"))
y.mul_(3)
y.register_hook(lambda g: log.append(f"hook registered after y.mul_(3) gets {g.tolist()}"))
y.sum().backward()
assert log[0].startswith("hook registered after")
print(*log, sep="\n")

unrecorded = {"no_grad()": torch.no_grad, "inference_mode()": torch.inference_mode}
changes = 0
for where, mode in unrecorded.items():
    for kind in ["leaf", "non-leaf"]:
        seen = []
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = x if kind == "leaf" else x * 1
        node = y.grad_fn
        y.register_hook(lambda g: seen.append(g))
        with mode():
            y.mul_(3)
        assert y.grad_fn is node and y.is_leaf == (kind == "leaf"), (where, kind)
        (y * y).sum().backward()
        assert len(seen) == 1 and torch.equal(seen[0], 2 * y.detach()), (where, kind)
        changes += 1
seen = []
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_hook(lambda g: seen.append(g))
w.grad = torch.ones(2)
torch.optim.SGD([w], lr=0.5).step()
(w * w).sum().backward()
assert w.grad_fn is None and len(seen) == 1 and torch.equal(seen[0], 2 * w.detach())
changes += 1
print(f"{changes} in-place changes with recording off (leaf and non-leaf in no_grad() and inference_mode(), SGD.step()):")
print("  grad_fn unchanged; a hook registered before the change gets the gradient at the new value")
print(f"  after SGD.step(), w = {w.tolist()}: the hook on w got d(w*w)/dw = {seen[0].tolist()}")

received = []
x = torch.ones(3, requires_grad=True)
y = x * 2
y.register_hook(lambda g: g * 10)
y.grad_fn.register_prehook(lambda go: received.append(go[0].tolist()))
y.sum().backward()
print(f"a tensor hook returning g * 10: its grad_fn received {received[0]}, x.grad = {x.grad.tolist()}")
assert received == [[10.0, 10.0, 10.0]] and x.grad.tolist() == [20.0, 20.0, 20.0]
