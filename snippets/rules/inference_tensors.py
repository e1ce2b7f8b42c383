import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
ops = {
    "t + w": lambda t, w: t + w,
    "t * w": lambda t, w: t * w,
    "t / w": lambda t, w: t / w,
    "t @ w": lambda t, w: t @ w,
    "t.exp() * w": lambda t, w: t.exp() * w,
    "t.clone() * w": lambda t, w: t.clone() * w,
    "t.sum() + w": lambda t, w: t.sum() + w,
}


def saves(op, t, w):
    packed = []
    with torch.autograd.graph.saved_tensors_hooks(lambda s: packed.append(s) or s, lambda s: s):
        op(t, w)
    return any(s is t for s in packed)


cases = refused = 0
verdicts = {}
for dtype in dtypes:
    w = torch.ones(3, dtype=dtype, requires_grad=True)
    with torch.inference_mode():
        t = torch.ones(3, dtype=dtype)
        inside = t * w
    assert t.is_inference() and not inside.requires_grad and inside.grad_fn is None, dtype
    for name, op in ops.items():
        expected_error = saves(op, t.clone(), w)
        try:
            r = op(t, w)
            error = False
            assert r.grad_fn is not None, (dtype, name)
        except RuntimeError as e:
            assert "Inference tensors cannot be saved for backward" in str(e), (dtype, name)
            error = True
        assert error == expected_error, (dtype, name)
        assert verdicts.setdefault(name, error) == error, (dtype, name)
        cases += 1
        refused += error
    try:
        t.requires_grad_()
        raise AssertionError(f"{dtype}: an inference tensor was made to require a gradient")
    except RuntimeError:
        pass
print(f"{cases} recorded operations on an inference tensor t: {refused} refused, each one that would save t")
print("allowed:", ", ".join(n for n, e in verdicts.items() if not e))
print("refused:", ", ".join(n for n, e in verdicts.items() if e))
print("inside inference_mode() nothing is recorded; outside it, t.requires_grad_() is refused")

for dtype in dtypes:
    normal = torch.ones(4, dtype=dtype)
    w = torch.ones(3, dtype=dtype, requires_grad=True)
    with torch.inference_mode():
        view = normal[:3]
        with torch.inference_mode(False):
            made_outside = torch.ones(3, dtype=dtype)
        leaf = torch.ones(3, dtype=dtype, requires_grad=True)
    assert not view.is_inference() and not made_outside.is_inference(), dtype
    assert leaf.is_inference() and leaf.is_leaf and leaf.requires_grad, dtype
    (leaf + w).sum().backward()
    assert torch.equal(leaf.grad, torch.ones(3, dtype=dtype)), dtype
    try:
        leaf * w
        raise AssertionError(f"{dtype}: an inference leaf was saved for backward")
    except RuntimeError as e:
        assert "Inference tensors cannot be saved for backward" in str(e), dtype
print("not inference tensors: a view of a normal tensor, a tensor made in inference_mode(False)")
print(f"made with requires_grad=True inside: an inference leaf, .grad = {leaf.grad.tolist()} after (t + w), t * w refused")

alone = {
    "leaf.sum()": lambda t: t.sum(),
    "leaf.exp()": lambda t: t.exp(),
    "-leaf": lambda t: -t,
    "leaf[1:]": lambda t: t[1:],
    "leaf.t()": lambda t: t.t(),
}
for dtype in dtypes:
    with torch.inference_mode():
        leaf = torch.ones(3, dtype=dtype, requires_grad=True)
    for name, op in alone.items():
        r = op(leaf)
        assert r.grad_fn is None and not r.requires_grad, (dtype, name)
    assert (leaf * 2).grad_fn is not None, dtype
print(f"with the inference leaf as their only tensor input, {', '.join(alone)}: not recorded, no error;")
print("leaf * 2 is recorded, because the 2 becomes an ordinary tensor")
