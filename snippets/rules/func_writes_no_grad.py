import warnings

import torch
from torch.func import functional_call, grad, hessian, jacfwd, jacrev, jvp, vjp, vmap

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)

torch.manual_seed(0)


def f(t):
    return (t.sin() * t).sum()


transforms = {
    "grad": lambda f, x: grad(f)(x),
    "vjp": lambda f, x: vjp(f, x)[1](torch.ones((), dtype=x.dtype))[0],
    "jvp": lambda f, x: jvp(f, (x,), (torch.ones_like(x),))[1],
    "jacrev": lambda f, x: jacrev(f)(x),
    "jacfwd": lambda f, x: jacfwd(f)(x),
    "hessian": lambda f, x: hessian(f)(x),
    "vmap(grad)": lambda f, x: vmap(grad(f))(x.reshape(-1, 1)),
}
modes = {"default": torch.enable_grad, "no_grad()": torch.no_grad, "inference_mode()": torch.inference_mode}
cases = recorded = 0
for dtype in [torch.float32, torch.float64]:
    for shape in [(), (3,), (2, 3)]:
        for requires_grad in [False, True]:
            for name, transform in transforms.items():
                for mode, context in modes.items():
                    if requires_grad and mode == "inference_mode()":
                        continue
                    x = torch.randn(shape, dtype=dtype, requires_grad=requires_grad)
                    with context():
                        out = transform(f, x)
                    assert x.grad is None, (dtype, shape, name, mode)
                    assert (out.grad_fn is not None) == (requires_grad and mode == "default"), (dtype, shape, name, mode)
                    recorded += out.grad_fn is not None
                    cases += 1

model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
inputs = torch.randn(5, 3)


def loss(p, x):
    return functional_call(model, p, (x,)).sum()


for detach in [False, True]:
    params = {k: v.detach() if detach else v for k, v in model.named_parameters()}
    for name, transform in {"grad": grad(loss), "vmap(grad)": vmap(grad(loss), in_dims=(None, 0))}.items():
        grads = transform(params, inputs)
        assert all(p.grad is None for p in model.parameters()), (name, detach)
        kept = [g.grad_fn is not None for g in grads.values()]
        assert not any(kept) if detach else any(kept), (name, detach)
        recorded += any(kept)
        cases += 1
# f may also use a tensor that is not passed in: one it captures, or a module's parameters used directly
w = torch.randn(3, requires_grad=True)
captures = {
    "closure": lambda t: (t.sin() * w[0]).sum(),
    "module": lambda t: model(t.sum() * torch.ones(3)).sum(),
}
captured = 0
for name, transform in transforms.items():
    for source, g in captures.items():
        for mode, context in modes.items():
            with context():
                out = transform(g, torch.randn(3))
            assert w.grad is None and all(p.grad is None for p in model.parameters()), (name, source, mode)
            assert (out.grad_fn is not None) == (mode == "default"), (name, source, mode)
            captured += out.grad_fn is not None
            cases += 1
# recorded only when the transform computes the result from such a tensor
linear = {"3 * t": lambda t: (3 * t).sum(), "t + 1": lambda t: (t + 1).sum(), "t.sum()": lambda t: t.sum()}
constant = 0
for dtype in [torch.float32, torch.float64]:
    for name in ["grad", "vjp", "jacrev", "hessian", "vmap(grad)"]:
        for source, g in linear.items():
            x = torch.randn(3, dtype=dtype, requires_grad=True)
            out = transforms[name](g, x)
            assert out.grad_fn is None and x.grad is None, (dtype, name, source)
            constant += 1
    for name, transform in transforms.items():
        out = transform(lambda t: (t * t).sum() + w.sum(), torch.randn(3, dtype=dtype))
        assert out.grad_fn is None and w.grad is None, (dtype, name)
        constant += 1
x = torch.randn(3, requires_grad=True)
computed_from_t = {
    "jvp of 3 * t": transforms["jvp"](lambda t: 3 * t, x),
    "hessian of (t * t).sum(), 2I": transforms["hessian"](lambda t: (t * t).sum(), x),
}
assert all(out.grad_fn is not None for out in computed_from_t.values())
assert torch.equal(computed_from_t["hessian of (t * t).sum(), 2I"], 2 * torch.eye(3))
print(f"{cases} cases (7 transforms, 2 dtypes, 3 shapes, 3 grad modes; a model's parameters through functional_call;")
print("f capturing a tensor that requires grad, or calling a module directly): .grad stays None")
print(f"f = (t.sin() * t).sum() or a model's loss: a grad_fn in the {recorded} cases with an input requiring grad, recording on;")
print(f"f using a captured tensor that requires grad: a grad_fn in the {captured} cases with recording on, in no other")
print(f"no grad_fn in {constant} cases computed without such a tensor, x requiring grad and recording on:")
print("  grad, vjp, jacrev, hessian, vmap(grad) of 3 * t, t + 1, t.sum(); every transform of (t * t).sum() + w.sum()")
print(f"a constant computed from t still carries one: {', '.join(computed_from_t)}")
