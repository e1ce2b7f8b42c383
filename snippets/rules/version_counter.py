import numpy as np
import torch
from torch import nn

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]


def setitem(t):
    t[0] = 5


def iadd(t):
    t += 1


ops = {
    "add_(1)": lambda t: t.add_(1),
    "mul_(2)": lambda t: t.mul_(2),
    "+= 1": iadd,
    "t[0] = 5": setitem,
    "zero_()": lambda t: t.zero_(),
    "copy_(u)": lambda t: t.copy_(torch.zeros_like(t)),
    "fill_(3)": lambda t: t.fill_(3),
    "exp_()": lambda t: t.exp_(),
    "torch.add(t, 1, out=t)": lambda t: torch.add(t, 1, out=t),
    "masked_fill_(mask, 0)": lambda t: t.masked_fill_(t.real > 0, 0),
}
views = {
    "itself": lambda t: t,
    "t[1:]": lambda t: t[1:],
    "t.view(2, 2)": lambda t: t.view(2, 2),
    "t.view(2, 2).t()": lambda t: t.view(2, 2).t(),
    "t.detach()": lambda t: t.detach(),
}
modes = {"default": torch.enable_grad, "no_grad()": torch.no_grad, "inference_mode()": torch.inference_mode}

cases = 0
for dtype in dtypes:
    for op in ops.values():
        for view in views.values():
            for mode in modes.values():
                t = torch.ones(4, dtype=dtype)
                others = [t, t[2:], t.view(2, 2), t.detach()]
                before = [u._version for u in others]
                with mode():
                    op(view(t))
                assert [u._version - b for u, b in zip(others, before)] == [1] * 4, (dtype, op, view)
                cases += 1
assert (t + 1)._version == 0 and t.clone()._version == 0
print(f"{cases} cases ({len(dtypes)} dtypes, {len(ops)} in-place ops, {len(views)} ways in, {len(modes)} grad modes):")
print("  each op added 1 to the counter the tensor shares with its views and its detach()")

t = torch.ones(4)
t[0] += 1
print(f"t[0] += 1: +{t._version} (t[0].add_ on the view, then t[0] = ... copies it back)")
composed = {}
for name, init in {"nn.init.orthogonal_": nn.init.orthogonal_, "nn.init.sparse_(t, 0.5)": lambda t: nn.init.sparse_(t, 0.5)}.items():
    t = torch.zeros(4, 4)
    init(t)
    composed[name] = t._version
assert composed == {"nn.init.orthogonal_": 2, "nn.init.sparse_(t, 0.5)": 5}
print("functions made of several in-place operations add one for each:", ", ".join(f"{k} +{v}" for k, v in composed.items()))


class AddOne_(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.add_(1)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_dirty(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        return grad


class Twice_(AddOne_):
    @staticmethod
    def forward(x):
        return x.add_(1).mul_(2)


class Untouched_(AddOne_):
    @staticmethod
    def forward(x):
        return x


class CtxAddOne_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_dirty(x)
        return x.add_(1)

    @staticmethod
    def backward(ctx, grad):
        return grad


marked = {}
for dtype in [torch.float32, torch.float64]:
    for mode in [torch.enable_grad, torch.no_grad]:
        for requires_grad in [False, True]:
            for cls, ops in [(AddOne_, 1), (CtxAddOne_, 1), (Twice_, 2), (Untouched_, 0)]:
                t = torch.ones(4, dtype=dtype, requires_grad=requires_grad) * 1
                with mode():
                    cls.apply(t)
                assert t._version == ops + 1, (dtype, mode, requires_grad, cls)
                marked[cls.__name__] = t._version
print("a custom Function that marks its input with ctx.mark_dirty (setup_context or forward(ctx, x); 2 dtypes, 2 grad modes):")
added = f"add_ +{marked['AddOne_']}, add_ then mul_ +{marked['Twice_']}, no op +{marked['Untouched_']}"
print(f"  apply added 1 more for the marked input: {added}")
t = torch.ones(4)
t.data.add_(1)
print(f"t.data.add_(1): +{t._version} (.data has a counter of its own)")
assert t._version == 0
with torch.inference_mode():
    inference = torch.ones(4)
try:
    inference._version
except RuntimeError as e:
    print(f"a tensor made in inference_mode(): RuntimeError: {e}")

shared = {}
for dtype in [torch.float16, torch.float32, torch.float64, torch.complex64]:
    t = torch.ones(4, dtype=dtype)
    array = t.detach().numpy()
    array *= 2
    shared["write into t.detach().numpy()"] = t._version
    t = torch.ones(4, dtype=dtype)
    array = np.from_dlpack(t.detach())
    array += 1
    shared["write into np.from_dlpack(t.detach())"] = t._version
    array = np.ones(4, dtype=t.detach().numpy().dtype)
    t = torch.from_numpy(array)
    array += 1
    shared["write into the array under torch.from_numpy"] = t._version
    assert t[0].item() == 2 and set(shared.values()) == {0}, dtype
print("changes made outside PyTorch, in NumPy, through shared memory (4 dtypes), not counted:")
print("  " + ", ".join(f"{k} +{v}" for k, v in shared.items()))

uncounted = {}
for dtype in [torch.float16, torch.float32, torch.float64, torch.complex64]:
    t = torch.ones(4, dtype=dtype)
    t.untyped_storage().fill_(0)
    uncounted["t.untyped_storage().fill_(0)"] = t._version
    assert t.abs().sum().item() == 0, dtype
    t = torch.ones(4, dtype=dtype)
    t.untyped_storage().copy_(torch.zeros(4, dtype=dtype).untyped_storage())
    uncounted["t.untyped_storage().copy_(...)"] = t._version
    assert t.abs().sum().item() == 0 and set(uncounted.values()) == {0}, dtype
fused = {
    "SGD": lambda p: torch.optim.SGD(p, lr=0.5, fused=True),
    "SGD momentum": lambda p: torch.optim.SGD(p, lr=0.5, momentum=0.9, fused=True),
    "Adam": lambda p: torch.optim.Adam(p, lr=0.5, fused=True),
    "AdamW": lambda p: torch.optim.AdamW(p, lr=0.5, fused=True),
    "Adagrad": lambda p: torch.optim.Adagrad(p, lr=0.5, fused=True),
}
for name, make in fused.items():
    for dtype in [torch.float16, torch.bfloat16, torch.float32, torch.float64]:
        p = nn.Parameter(torch.ones(4, dtype=dtype))
        p.grad = torch.ones(4, dtype=dtype)
        make([p]).step()
        uncounted[name] = p._version
        assert p._version == 0 and (p < 1).all(), (name, dtype)
print("changes inside PyTorch that bypass the counter, not counted either:")
print("  " + ", ".join(f"{k} +{v}" for k, v in list(uncounted.items())[:2]))
print("  optimizer.step() with fused=True (4 dtypes): " + ", ".join(f"{k} +{v}" for k, v in list(uncounted.items())[2:]))

counts = {}
for name, method in {
    "requires_grad_()": lambda t: t.requires_grad_(),
    "share_memory_()": lambda t: t.share_memory_(),
    "detach_()": lambda t: t.detach_(),
    "unsqueeze_(0)": lambda t: t.unsqueeze_(0),
    "t_()": lambda t: t.t_(),
}.items():
    t = torch.ones(4) * 1
    method(t)
    counts[name] = t._version
print("methods that change no element:", ", ".join(f"{k} +{v}" for k, v in counts.items()))
assert counts == {"requires_grad_()": 0, "share_memory_()": 0, "detach_()": 0, "unsqueeze_(0)": 1, "t_()": 1}
