import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
ops = {
    "a * b": lambda a, b: a * b,
    "a.exp()": lambda a, b: a.exp(),
    "a.sigmoid()": lambda a, b: a.sigmoid(),
    "a ** 2": lambda a, b: a**2,
    "a / b": lambda a, b: a / b,
    "a @ b": lambda a, b: a @ b,
}
passes = {
    "backward()": lambda out, x, w: out.backward(),
    "autograd.grad(out, x)": lambda out, x, w: torch.autograd.grad(out, x),
    "backward(inputs=[x])": lambda out, x, w: out.backward(inputs=[x]),
}


def freed(node):
    try:
        for name in dir(node):
            if name.startswith("_saved_"):
                getattr(node, name)
    except RuntimeError:
        return True
    return False


cases = 0
for dtype in dtypes:
    for op_name, op in ops.items():
        for pass_name, run in passes.items():
            x = torch.ones(3, dtype=dtype, requires_grad=True)
            w = torch.ones(3, dtype=dtype, requires_grad=True)
            first = op(x, x)
            second = first.sin()
            other = op(w, w)
            out = (second.sum() + other.sum()).real
            during = []
            first.register_hook(lambda g: during.append((freed(second.grad_fn), freed(first.grad_fn))))
            run(out, x, w)
            assert during == [(True, False)], (dtype, op_name, pass_name, during)
            assert freed(first.grad_fn) and freed(second.grad_fn), (dtype, op_name, pass_name)
            assert freed(other.grad_fn) == (pass_name == "backward()"), (dtype, op_name, pass_name)
            assert first.grad_fn.name() and second.grad_fn.name()
            cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, {len(ops)} ops, {len(passes)} ways to run a pass)")
print("a node's saved tensors are gone as soon as it has run, while the nodes after it still hold theirs")
print("after the pass every node it ran has freed them; the nodes themselves remain")
print("autograd.grad(out, x) and backward(inputs=[x]) skip the branch to w: its nodes keep their saved tensors")
