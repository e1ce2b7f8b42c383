import warnings

import torch
from torch import nn

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
cases = filled = 0
for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    c = torch.ones(3, dtype=dtype)
    frozen = nn.Parameter(torch.ones(3, dtype=dtype))
    frozen.requires_grad_(False)
    h = x * c
    kept = h * 2
    kept.retain_grad()
    view = x[:2]
    with torch.no_grad():
        nograd_view = x[1:]
    out = (kept * h).sum() + (frozen * x).sum() + (nograd_view * 3).sum() + view.sum()
    out.backward()
    expect = {
        "x (leaf, requires grad)": (x, True),
        "c (leaf, no grad)": (c, False),
        "frozen parameter": (frozen, False),
        "h (not a leaf)": (h, False),
        "kept (not a leaf, retain_grad())": (kept, True),
        "x[:2] (a view, not a leaf)": (view, False),
        "x[1:] taken in no_grad() (a leaf)": (nograd_view, False),
    }
    for name, (t, has_grad) in expect.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            g = t.grad
        assert (g is not None) == has_grad, (dtype, name)
        assert has_grad == ((t.is_leaf and t.requires_grad and t is not nograd_view) or t.retains_grad), (dtype, name)
        assert bool(caught) == (not t.is_leaf and not t.retains_grad), (dtype, name)
        cases += 1
        filled += g is not None
    x_alone = x.detach().requires_grad_()
    ((x_alone * c * 2 * (x_alone * c)).sum() + (frozen * x_alone).sum() + x_alone[:2].sum()).backward()
    assert torch.equal(x.grad, x_alone.grad), dtype
print(f"{cases} tensors after backward(): .grad filled for {filled}, each a leaf that requires a gradient or a retain_grad() tensor")
print("no .grad: leaves that require none (frozen parameters too), other non-leaves (reading it warns)")
print(f"a view taken in no_grad() is a leaf with requires_grad={nograd_view.requires_grad}, but gets no .grad,")
print(f"and its base gets nothing through it: x.grad = {x.grad.tolist()}, the same as without (x[1:] * 3).sum()")

for dtype in dtypes:
    x = torch.ones(3, dtype=dtype, requires_grad=True)
    y = x * 2
    (y * 3).sum().backward(inputs=[y])
    assert y.grad is not None and x.grad is None, dtype
print(f"backward(inputs=[y]) on a non-leaf y: y.grad = {y.grad.tolist()} without retain_grad(); x.grad = {x.grad}")
