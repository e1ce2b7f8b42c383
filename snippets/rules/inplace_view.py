import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
views = {
    "y[0]": lambda y: y[0],
    "y[:, 0]": lambda y: y[:, 0],
    "y[1, 2]": lambda y: y[1, 2],
    "y[:, 1:]": lambda y: y[:, 1:],
    "y.view(6)": lambda y: y.view(6),
    "y.t()": lambda y: y.t(),
    "y.transpose(0, 1)[0]": lambda y: y.transpose(0, 1)[0],
    "y.diagonal()": lambda y: y.diagonal(),
    "y.unsqueeze(0)": lambda y: y.unsqueeze(0),
}
ops = {
    "mul_(2)": (lambda v: v.mul_(2), lambda inside: 1 + inside),
    "add_(1)": (lambda v: v.add_(1), lambda inside: torch.ones_like(inside)),
    "zero_()": (lambda v: v.zero_(), lambda inside: 1 - inside),
    "fill_(5)": (lambda v: v.fill_(5), lambda inside: 1 - inside),
    "copy_(u)": (lambda v: v.copy_(torch.zeros_like(v)), lambda inside: 1 - inside),
}

cases = 0
for dtype in dtypes:
    for view in views.values():
        for op, expected in ops.values():
            x = torch.ones(2, 3, dtype=dtype, requires_grad=True)
            y = x * 1
            v = view(y)
            op(v)
            assert y.grad_fn.name() == "torch::autograd::CopySlices", (dtype, view, op)
            assert v.grad_fn.name() == "AsStridedBackward0"
            assert y._version == v._version == 1
            y.backward(torch.ones_like(y))
            inside = torch.zeros(2, 3, dtype=dtype)
            view(inside).fill_(1)
            assert torch.equal(x.grad, expected(inside)), (dtype, view, op)
            cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, {len(views)} views, {len(ops)} in-place ops):")
print("  base y.grad_fn: torch::autograd::CopySlices, view's grad_fn: AsStridedBackward0,")
print("  version 1 on both, and x.grad the same as for the out-of-place computation")

x = torch.ones(2, 3, requires_grad=True)
y = x * 1
y[[0, 1]] = 0
print(f"y[[0, 1]] = 0 (an index list, no view): y.grad_fn = {y.grad_fn.name()}")
assert y.grad_fn.name() == "IndexPutBackward0"
y = x * 1
y[y > 0] = 0
print(f"y[y > 0] = 0 (a mask, no view): y.grad_fn = {y.grad_fn.name()}")
assert y.grad_fn.name() == "IndexPutBackward0"
with_list = {
    "y[0, [0, 1]]": ((0, [0, 1]), "torch::autograd::CopySlices"),
    "y[1:, [0, 1]]": ((slice(1, None), [0, 1]), "torch::autograd::CopySlices"),
    "y[::2, [0, 1]]": ((slice(None, None, 2), [0, 1]), "torch::autograd::CopySlices"),
    "y[:, [0, 1]]": ((slice(None), [0, 1]), "IndexPutBackward0"),
    "y[0:2, [0, 1]]": ((slice(0, 2), [0, 1]), "IndexPutBackward0"),
    "y[..., [0, 1]]": ((Ellipsis, [0, 1]), "IndexPutBackward0"),
}
for dtype in dtypes:
    for code, (index, node) in with_list.items():
        x = torch.ones(2, 3, dtype=dtype, requires_grad=True)
        y = x * 1
        y[index] = 0
        assert y.grad_fn.name() == node, (dtype, code)
        y.backward(torch.ones_like(y))
        kept = torch.ones(2, 3, dtype=dtype)
        kept[index] = 0
        assert torch.equal(x.grad, kept), (dtype, code)
x = torch.ones(2, 3, requires_grad=True)
for node in ["torch::autograd::CopySlices", "IndexPutBackward0"]:
    print(f"{', '.join(c for c, (_, n) in with_list.items() if n == node)} = 0: {node}")
print("  (a list with an integer or a slice that takes part of a dimension goes through a view; a whole one does not)")
z = torch.zeros(2, 3)
z[0] = x[0] * 2
print(f"z needs no grad, z[0] = x[0] * 2: z.grad_fn = {z.grad_fn.name()}")
assert z.grad_fn.name() == "torch::autograd::CopySlices"
y = x * 1
y.detach()[0].zero_()
print(f"y.detach()[0].zero_(): y.grad_fn = {y.grad_fn.name()}, y._version = {y._version} (nothing recorded)")
assert y.grad_fn.name() == "MulBackward0"
y = x * 1
with torch.no_grad():
    y[:, 0].mul_(2)
print(f"y = x * 1, then y[:, 0].mul_(2) inside no_grad(): y.grad_fn = {y.grad_fn.name()} (nothing recorded)")
assert y.grad_fn.name() == "MulBackward0"
xc = torch.ones(3, dtype=torch.complex64, requires_grad=True)
yc = xc * 1
v = torch.view_as_real(yc)
v.mul_(2)
yc.abs().sum().backward()
expected = torch.autograd.grad((xc * 2).abs().sum(), xc)[0]
print(f"view_as_real(yc).mul_(2): yc.grad_fn = {yc.grad_fn.name()}, the view's = {v.grad_fn.name()}")
assert yc.grad_fn.name() == "torch::autograd::CopySlices" and v.grad_fn.name() == "ViewAsRealBackward0"
assert torch.allclose(xc.grad, expected, rtol=0, atol=1e-6)
for dtype in (torch.float32, torch.float64):
    xr = torch.ones(3, 2, dtype=dtype, requires_grad=True)
    yr = xr * 1
    v = torch.view_as_complex(yr)
    v.mul_(2)
    yr.pow(2).sum().backward()
    expected = torch.autograd.grad((xr * 2).pow(2).sum(), xr)[0]
    assert yr.grad_fn.name() == "torch::autograd::CopySlices" and v.grad_fn.name() == "ViewAsComplexBackward0", dtype
    assert torch.allclose(xr.grad, expected, rtol=0, atol=1e-6), dtype
print(f"view_as_complex(yr).mul_(2), float32 and float64: yr.grad_fn = {yr.grad_fn.name()}, the view's = {v.grad_fn.name()}")
many_views = {
    "unbind(0)": lambda t: t.unbind(0),
    "unbind(1)": lambda t: t.unbind(1),
    "split(1)": lambda t: t.split(1),
    "split([1, 1])": lambda t: t.split([1, 1]),
    "chunk(2)": lambda t: t.chunk(2),
    "chunk(1)": lambda t: t.chunk(1),
}
writes = {"mul_(2)": lambda v, w: v.mul_(2), "add_(w)": lambda v, w: v.add_(w.reshape(-1)[: v.numel()].view(v.shape))}
raised, allowed = {}, 0
for dtype in dtypes:
    for many in many_views.values():
        for write_name, write in writes.items():
            for base_grad, value_grad, record in [(b, w, r) for b in ("leaf", "non-leaf", "no") for w in (False, True)
                                                  for r in (True, False)]:
                x = torch.ones(2, 3, dtype=dtype, requires_grad=base_grad != "no")
                t = x if base_grad == "leaf" else x * 1
                w = torch.ones(2, 3, dtype=dtype, requires_grad=value_grad) * 1
                must_raise = record and (base_grad != "no" or (value_grad and write_name == "add_(w)"))
                try:
                    with torch.set_grad_enabled(record):
                        write(many(t)[0], w)
                except RuntimeError as e:
                    assert must_raise, (dtype, write_name, base_grad, value_grad, record)
                    message = str(e).split(".")[0]
                    raised[message] = raised.get(message, 0) + 1
                else:
                    assert not must_raise, (dtype, write_name, base_grad, value_grad, record)
                    allowed += 1
print(f"outputs of unbind, split, chunk changed in place: {allowed} cases allowed, {sum(raised.values())} raised")
print("  RuntimeError exactly when recording is on and the tensor or the value written requires grad:")
print("\n".join(f"  {n:3} {m}" for m, n in sorted(raised.items())))
for name, many in {"tensor_split(2)": lambda t: t.tensor_split(2), "hsplit(2)": lambda t: t.hsplit(2),
                   "vsplit(2)": lambda t: t.vsplit(2)}.items():
    for dtype in dtypes:
        x = torch.ones(4, 4, dtype=dtype, requires_grad=True)
        y = x * 1
        v = many(y)[0]
        v.mul_(2)
        assert y.grad_fn.name() == "torch::autograd::CopySlices" and v.grad_fn.name() == "AsStridedBackward0", name
print("tensor_split, hsplit, vsplit: their outputs are views like the others (CopySlices, AsStridedBackward0)")
