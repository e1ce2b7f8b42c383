import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {
    "x * w": lambda x, w: x * w,
    "x * 2": lambda x, w: x * 2,
    "x / w": lambda x, w: x / w,
    "x ** 2": lambda x, w: x**2,
    "x.exp()": lambda x, w: x.exp(),
    "x.tanh()": lambda x, w: x.tanh(),
    "x.sin()": lambda x, w: x.sin(),
    "x @ w": lambda x, w: x @ w,
    "x.sum(0)": lambda x, w: x.sum(0),
}
tensors = others = 0
for dtype in dtypes:
    for name, op in ops.items():
        for retain in [False, True]:
            x = torch.ones(2, 2, dtype=dtype, requires_grad=True)
            w = torch.full((2, 2), 2.0, dtype=dtype, requires_grad=True)
            y = op(x, w)
            node = y.grad_fn
            attrs = [a for a in dir(node) if a.startswith("_saved_")]
            holds_tensor = {a: isinstance(getattr(node, a), torch.Tensor) for a in attrs}
            y.abs().sum().backward(retain_graph=retain)
            for a in attrs:
                try:
                    getattr(node, a)
                except RuntimeError as e:
                    assert holds_tensor[a] and not retain and "backward through the graph a second time" in str(e)
                    tensors += 1
                else:
                    assert retain or not holds_tensor[a], (dtype, name, a)
                    others += not holds_tensor[a]
print(f"{len(dtypes)} dtypes x {len(ops)} ops: {tensors} reads of a saved tensor after backward raised")
print(f"{others} reads of other saved values (sizes, exponents, dims) did not; with retain_graph=True nothing raised")

x = torch.ones(3, requires_grad=True)
w = torch.ones(3, requires_grad=True)
a, b = x.exp(), w.exp()
c = a.sin()
(c.sum() + b.sum()).backward(inputs=[x])
freed = []
for name, node in {"SinBackward0": c.grad_fn, "ExpBackward0 of x": a.grad_fn, "ExpBackward0 of w": b.grad_fn}.items():
    try:
        node._saved_result if node is not c.grad_fn else node._saved_self
    except RuntimeError:
        freed.append(name)
print(f"backward(inputs=[x]) ran SinBackward0 and x's ExpBackward0, not w's: freed {', '.join(freed)}; w's kept")
assert freed == ["SinBackward0", "ExpBackward0 of x"]
