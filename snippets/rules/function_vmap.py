import warnings

import torch

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(x, w):
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        return grad * w, grad * x


class VmapMul(Mul):
    generate_vmap_rule = True


class CtxMul(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(ctx, x, w):
        return x * w

    @staticmethod
    def backward(ctx, grad):
        return grad, grad


def loss(x, w):
    return VmapMul.apply(x, w).sum()


cases = 0
for dtype in (torch.float32, torch.float64):
    for batch in (1, 4):
        for in_dims in ((0, 0), (0, None), (None, 0), (1, 1)):
            shapes = [(batch, 3) if d == 0 else (3, batch) if d == 1 else (3,) for d in in_dims]
            x, w = (torch.arange(1.0, 1 + torch.Size(s).numel(), dtype=dtype).reshape(s) for s in shapes)
            pick = [(lambda t, i, d=d: t if d is None else t.select(d, i)) for d in in_dims]
            out = torch.func.vmap(VmapMul.apply, in_dims=in_dims)(x, w)
            loop = torch.stack([pick[0](x, i) * pick[1](w, i) for i in range(batch)])
            assert torch.equal(out, loop), (dtype, batch, in_dims)
            grads = torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=in_dims)(x, w)
            for n, g in enumerate(grads):
                expected = torch.stack([pick[1 - n]((x, w)[1 - n], i) for i in range(batch)])
                assert torch.equal(g, expected), (dtype, batch, in_dims, n)
            for cls, message in ((Mul, "does not have vmap support"), (CtxMul, "must override the setup_context")):
                try:
                    torch.func.vmap(cls.apply, in_dims=in_dims)(x, w)
                except RuntimeError as e:
                    assert message in str(e)
                else:
                    raise AssertionError(cls)
            try:
                torch.func.grad(lambda t: CtxMul.apply(t, w).sum())(x)
            except RuntimeError as e:
                assert "must override the setup_context" in str(e)
            else:
                raise AssertionError("grad over CtxMul")
            cases += 1


class AddOne_(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x.add_(1)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_dirty(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        return grad


class ViaNumpy(Mul):
    generate_vmap_rule = True

    @staticmethod
    def forward(x, w):
        return torch.from_numpy(x.numpy() * w.numpy())


class ViaItem(Mul):
    generate_vmap_rule = True

    @staticmethod
    def forward(x, w):
        return x * w.sum().item()


x, w = torch.ones(4, 3), torch.ones(4, 3)
refused = {
    "mark_dirty": (lambda: torch.func.vmap(AddOne_.apply)(x.clone()), "marked as dirty"),
    "NumPy in forward": (lambda: torch.func.vmap(ViaNumpy.apply)(x, w), "data pointer"),
    ".item() in forward": (lambda: torch.func.vmap(ViaItem.apply)(x, w), ".item()"),
    "jacfwd": (lambda: torch.func.jacfwd(VmapMul.apply)(x[0], w[0]), "implement the jvp function"),
}
for name, (call, message) in refused.items():
    try:
        call()
    except RuntimeError as e:
        assert message in str(e), (name, e)
    else:
        raise AssertionError(name)
jac = torch.func.jacrev(VmapMul.apply)(x[0], w[0] * 2)
assert torch.equal(jac, torch.eye(3) * 2)


class JvpMul(Mul):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)
        ctx.save_for_forward(*inputs)

    @staticmethod
    def jvp(ctx, x_t, w_t):
        x, w = ctx.saved_tensors
        return x_t * w + x * w_t


class JvpVmapMul(JvpMul):
    generate_vmap_rule = True


forward_cases = 0
for dtype in (torch.float32, torch.float64):
    x, w = torch.tensor([1.0, 2.0, 3.0], dtype=dtype), torch.tensor([4.0, 5.0, 6.0], dtype=dtype)
    assert torch.equal(torch.func.jacrev(Mul.apply)(x, w), torch.diag(w)), dtype
    for cls in (JvpMul, JvpVmapMul):
        tangent = torch.func.jvp(lambda t, cls=cls: cls.apply(t, w), (x,), (torch.ones_like(x),))[1]
        assert torch.equal(tangent, w), (cls, dtype)
        forward_cases += 1
    for name, call in {
        "jacfwd": lambda cls: torch.func.jacfwd(cls.apply)(x, w),
        "hessian": lambda cls: torch.func.hessian(lambda t: cls.apply(t, t).sum())(x),
    }.items():
        try:
            call(JvpMul)
        except RuntimeError as e:
            assert "does not have vmap support" in str(e), (name, dtype)
        else:
            raise AssertionError(f"{name} with a jvp static method but no vmap support")
        expected = torch.diag(w) if name == "jacfwd" else 2 * torch.eye(3, dtype=dtype)
        assert torch.equal(call(JvpVmapMul), expected), (name, dtype)
        forward_cases += 1
(single,) = [torch.func.grad(lambda t: Mul.apply(t, torch.tensor(2.0)))(torch.tensor(3.0))]
assert single.item() == 2.0
print(f"{cases} vmap cases over dtypes, batch sizes and in_dims")
print("setup_context + generate_vmap_rule: outputs and per-sample gradients equal a loop over the batch")
print("no generate_vmap_rule: vmap raised every time; forward(ctx, ...) style: vmap and grad raised every time")
print(f"torch.func.grad without vmap needs setup_context only: {single.item()}")
print("jacrev worked, with or without generate_vmap_rule; jacfwd raised without a jvp static method")
print(f"{forward_cases} forward-mode cases: a jvp static method is enough for jvp;")
print("  jacfwd and hessian raised 'does not have vmap support' until generate_vmap_rule = True was set too")
print(f"generate_vmap_rule, but vmap raised all the same: {', '.join(list(refused)[:3])}")
