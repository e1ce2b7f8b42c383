import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {
    "x + w": lambda x, w: x + w,
    "x - 1": lambda x, w: x - 1,
    "-x": lambda x, w: -x,
    "x.sum()": lambda x, w: x.sum(),
    "x.view(3, 1)": lambda x, w: x.view(3, 1),
    "x[1:]": lambda x, w: x[1:],
    "x.expand(2, 3)": lambda x, w: x.expand(2, 3),
    "torch.cat([x, w])": lambda x, w: torch.cat([x, w]),
    "x.cumsum(0)": lambda x, w: x.cumsum(0),
    "x * 2": lambda x, w: x * 2,
    "x / 2": lambda x, w: x / 2,
    "x * w": lambda x, w: x * w,
    "x.exp()": lambda x, w: x.exp(),
    "x.sin()": lambda x, w: x.sin(),
    "x ** 2": lambda x, w: x**2,
    "x @ w": lambda x, w: x @ w,
    "x[[0, 2]]": lambda x, w: x[[0, 2]],
}


def saved_tensors(node):
    found = 0
    for name in dir(node):
        if name.startswith("_saved_"):
            value = getattr(node, name)
            values = value if isinstance(value, tuple) else (value,)
            found += sum(isinstance(v, torch.Tensor) for v in values)
    return found


cases = 0
saving, free = set(), set()
for dtype in dtypes:
    for name, op in ops.items():
        x = torch.ones(3, dtype=dtype, requires_grad=True)
        w = torch.ones(3, dtype=dtype, requires_grad=True)
        out = op(x, w)
        saves = saved_tensors(out.grad_fn) > 0
        out.backward(torch.ones_like(out))
        first = x.grad.clone()
        try:
            out.backward(torch.ones_like(out))
            raised = False
        except RuntimeError as e:
            assert str(e).startswith("Trying to backward through the graph a second time"), e
            raised = True
        assert raised == saves, (dtype, name)
        assert torch.equal(x.grad, first * (1 if raised else 2)), (dtype, name)
        (saving if saves else free).add(name)
        cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes x {len(ops)} ops): a second backward() raises exactly when a node saved a tensor")
print(f"backpropagated twice, gradients added: {', '.join(sorted(free))}")
print(f"second backward() raised: {', '.join(sorted(saving))}")
x = torch.ones(3, requires_grad=True)
print(f"what they saved: x * 2 keeps {(x * 2).grad_fn._saved_other!r}, x[[0, 2]] its index {x[[0, 2]].grad_fn._saved_indices}")

log = []
x = torch.ones(3, requires_grad=True)
w = torch.ones(3, requires_grad=True)
out = (x * w + x).sum()
add = out.grad_fn.next_functions[0][0]
for node in [out.grad_fn, add, add.next_functions[0][0]]:
    node.register_prehook(lambda g, name=node.name(): log.append(name))
out.backward()
log.clear()
try:
    out.backward()
except RuntimeError:
    log.append("RuntimeError")
print(f"(x * w + x).sum(), second backward(): {' -> '.join(log)}")
assert log == ["SumBackward0", "AddBackward0", "MulBackward0", "RuntimeError"]


class Unread(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


x = torch.ones(3, requires_grad=True)
out = Unread.apply(x).sum()
out.backward()
out.backward()
print(f"a custom Function whose backward never reads ctx.saved_tensors: backpropagated twice, x.grad = {x.grad.tolist()}")
assert x.grad.tolist() == [4.0, 4.0, 4.0]
