import torch
from torch._dynamo.utils import counters


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


def f(x):
    y = Square.apply(x)
    y.register_hook(lambda grad: grad * 10)
    return y.sum()


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
f(x).backward()
print(f"eager:    x.grad = {x.grad}")

x.grad = None
explained = torch._dynamo.explain(f)(x)  # (1)!
print(f"explain: {explained.graph_count} graph, {explained.graph_break_count} graph breaks")
out = torch.compile(f, backend="aot_eager")(x)  # (2)!
out.backward()
print(f"compiled: x.grad = {x.grad}, out.grad_fn = {out.grad_fn.name()}")

calls = []


def g(x):
    y = Square.apply(x)
    y.register_hook(lambda grad: calls.append(1))
    return y.sum()


explained = torch._dynamo.explain(g)(x)
where = explained.break_reasons[0]  # (3)!
print(f"explain g: {explained.graph_count} graphs, break at {where.user_stack[-1].line!r}: {where.reason.splitlines()[0]}")
torch.compile(g, backend="aot_eager")(x).backward()
print(f"compiled g: the hook ran {len(calls)} time")


def step(x):
    loss = f(x)
    loss.backward()
    return loss.detach()


for flag in (False, True):
    counters.clear()
    x.grad = None
    with torch._dynamo.config.patch(compiled_autograd=flag):  # (4)!
        torch.compile(step, backend="aot_eager")(x)
    print(f"compiled_autograd={flag}: x.grad = {x.grad}, captured: {counters['compiled_autograd']['captures']}")
