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
print(f"{cases} cases (7 transforms, 2 dtypes, 3 shapes, 3 grad modes; a model's parameters through functional_call;")
print("f capturing a tensor that requires grad, or calling a module directly): .grad stays None")
print(f"results carry a grad_fn in the {recorded} cases with an input requiring grad and recording on,")
print(f"in the {captured} cases where f uses a captured tensor requiring grad and recording is on, and in no other")
