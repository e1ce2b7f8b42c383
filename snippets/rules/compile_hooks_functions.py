import logging

import torch
from torch._dynamo.utils import counters

# ItemScale's .item() breaks the graph on purpose; Dynamo would also say so on stderr
logging.getLogger("torch._dynamo.variables.tensor").setLevel(logging.ERROR)


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None


class ItemScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.s = x.abs().max().item()
        return x / ctx.s

    @staticmethod
    def backward(ctx, grad):
        return grad / ctx.s


seen = []


def times_ten(g):
    return g * 10


def record(g):
    seen.append(1)


hooks = {
    "no hook": lambda y: None,
    "lambda g: g * 10 made in the function": lambda y: y.register_hook(lambda g: g * 10),
    "a module-level function returning g * 10": lambda y: y.register_hook(times_ten),
    "two hooks made in the function": lambda y: (y.register_hook(lambda g: g + 1), y.register_hook(lambda g: g * 3)),
    "a lambda made in the function appending to a list": lambda y: y.register_hook(lambda g: seen.append(1)),
    "a module-level function appending to a list": lambda y: y.register_hook(record),
}
functions = {
    "y = x.sin()": lambda x: x.sin(),
    "y = Square.apply(x)": lambda x: Square.apply(x),
    "y = Scale.apply(x, 3.0)": lambda x: Scale.apply(x, 3.0),
    "y = ItemScale.apply(x), forward calls .item()": lambda x: ItemScale.apply(x),
}


def node_names(t):
    found, todo = [], [t.grad_fn]
    while todo:
        n = todo.pop()
        if n is not None and n not in found:
            found.append(n)
            todo.extend(m for m, _ in n.next_functions)
    return sorted(n.name() for n in found if "AccumulateGrad" not in n.name())


def make(first, register):
    def f(x):
        y = first(x)
        register(y)
        return (y * x).sum()

    return f


cases = 0
nodes = {}
for fname, first in functions.items():
    for hname, register in hooks.items():
        f = make(first, register)
        for dtype in (torch.float32, torch.float64):
            x = torch.linspace(-1, 1, 4, dtype=dtype, requires_grad=True)
            seen.clear()
            (want,) = torch.autograd.grad(f(x), x)
            eager_seen = len(seen)
            torch._dynamo.reset()
            explained = torch._dynamo.explain(f)(x)
            item = "item" in fname
            side_effect = "list" in hname and not item
            breaks = 2 if item else int(side_effect)
            assert explained.graph_break_count == breaks, (fname, hname)
            if side_effect:
                assert "Unsafe side effect" in explained.break_reasons[0].reason
            if item:
                assert "Tensor.item()" in explained.break_reasons[0].reason
            if breaks:
                torch._dynamo.reset()
                try:
                    torch.compile(f, backend="aot_eager", fullgraph=True)(x)
                    raise AssertionError((fname, hname, "fullgraph=True compiled"))
                except (torch._dynamo.exc.Unsupported, torch._dynamo.exc.InternalTorchDynamoError):
                    pass
            for backend in ("eager", "aot_eager"):
                torch._dynamo.reset()
                seen.clear()
                out = torch.compile(f, backend=backend, fullgraph=not breaks)(x)
                if backend == "aot_eager":
                    nodes[(fname, hname)] = node_names(out)
                (got,) = torch.autograd.grad(out, x)
                assert torch.allclose(got, want, rtol=1e-6, atol=1e-6), (fname, hname, backend, dtype)
                assert len(seen) == eager_seen, (fname, hname, backend)
                cases += 1

one = ["CompiledFunctionBackward"]
for (fname, hname), names in nodes.items():
    if "item" in fname:
        assert names == ["CompiledFunctionBackward", "ItemScaleBackward"], (fname, hname, names)
    elif "list" in hname:
        assert names == one * 2, (fname, hname, names)
    else:
        assert names == one, (fname, hname, names)


def make_step():
    calls = []
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w.register_hook(lambda g: calls.append(1) or g * 2)

    def step(x):
        loss = (Square.apply(x) * w).sin().sum()
        loss.backward()
        return loss.detach()

    return step, w, calls


x0 = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
step, w, _ = make_step()
step(x0)
want = (x0.grad.clone(), w.grad.clone())
captured = {}
for flag in (False, True):
    torch._dynamo.reset()
    counters.clear()
    step, w, leaf_hook_calls = make_step()
    with torch._dynamo.config.patch(compiled_autograd=flag):
        compiled = torch.compile(step, backend="aot_eager")
        for _ in range(3):
            x0.grad = w.grad = None
            compiled(x0)
            assert torch.allclose(x0.grad, want[0], rtol=1e-6, atol=1e-6), flag
            assert torch.allclose(w.grad, want[1], rtol=1e-6, atol=1e-6), flag
    assert len(leaf_hook_calls) == 3, flag
    captured[flag] = (counters["compiled_autograd"]["captures"], sum(counters["graph_break"].values()))
assert captured == {False: (0, 1), True: (1, 1)}, captured


def make_branch_step():
    calls = []
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w.register_hook(lambda g: calls.append(1) or g * 2)

    def step(x):
        y = Square.apply(x) * w
        loss = y.sin().sum() if x.sum() > 0 else y.cos().sum()
        loss.backward()
        return loss.detach()

    return step, w, calls


def batch(rows, sign=1.0):
    return (sign * torch.linspace(0.1, 1.0, rows * 3).reshape(rows, 3)).requires_grad_()


runs = {
    "the same x, .grad set to None before each call": (lambda: [batch(1)] * 4, True),
    "the same x, .grad left to accumulate": (lambda: [batch(1)] * 4, False),
    "a new x of the same shape each call": (lambda: [batch(1) for _ in range(4)], True),
    "x with 1, 1, 2, 4 rows": (lambda: [batch(n) for n in (1, 1, 2, 4)], True),
    "x.sum() > 0, > 0, < 0, > 0 (the other branch)": (lambda: [batch(1, s) for s in (1, 1, -1, 1)], True),
}
captures = {}
for name, (make_xs, reset) in runs.items():
    xs = make_xs()
    eager, ew, _ = make_branch_step()
    torch._dynamo.reset()
    counters.clear()
    step, w, calls = make_branch_step()
    copies = {id(x): x.detach().clone().requires_grad_() for x in xs}
    ex = [copies[id(x)] for x in xs]
    with torch._dynamo.config.patch(compiled_autograd=True):
        compiled = torch.compile(step, backend="aot_eager")
        for x, xe in zip(xs, ex):
            if reset:
                x.grad = w.grad = xe.grad = ew.grad = None
            compiled(x)
            eager(xe)
            assert torch.allclose(x.grad, xe.grad, rtol=1e-6, atol=1e-6), name
            assert torch.allclose(w.grad, ew.grad, rtol=1e-6, atol=1e-6), name
    assert len(calls) == len(xs), name
    captures[name] = counters["compiled_autograd"]["captures"]
assert list(captures.values()) == [1, 2, 1, 3, 2], captures
print(f"{cases} compiled functions ({len(functions)} first ops, three of them custom Functions; {len(hooks)} hook setups;")
print("float32 and float64; backends eager and aot_eager): every hook ran as often as in eager mode,")
print("gradients equal eager's within 1e-6; no graph break (fullgraph=True compiles), one CompiledFunctionBackward")
print("node, except: a hook that changes a Python list outside it: one graph break at register_hook,")
print("'Unsafe side effect', two CompiledFunctionBackward nodes; a Function whose forward calls .item():")
print("two graph breaks, nodes CompiledFunctionBackward and ItemScaleBackward; fullgraph=True fails for both")
print("loss.backward() inside a compiled step, 3 calls: a graph break at backward() either way;")
print(f"compiled_autograd=False: {captured[False][0]} backward graphs captured; True: {captured[True][0]}, then reused;")
print("the leaf's hook ran at every call, gradients equal eager's")
print("compiled_autograd=True, a step with a data-dependent branch, 4 calls each; backward graphs captured:")
for name, n in captures.items():
    print(f"  {name}: {n}")
print("the leaf's hook ran at every call, gradients (accumulated ones too) equal eager's within 1e-6")
