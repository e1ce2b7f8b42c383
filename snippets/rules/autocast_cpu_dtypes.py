import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
low = {
    "linear": lambda x, s: F.linear(x, torch.randn(5, s[-1])),
    "matmul": lambda x, s: x @ torch.randn(s[-1], 5),
    "mm": lambda x, s: torch.mm(x.reshape(-1, s[-1]), torch.randn(s[-1], 5)),
    "addmm": lambda x, s: torch.addmm(torch.randn(5), x.reshape(-1, s[-1]), torch.randn(s[-1], 5)),
    "bmm": lambda x, s: torch.bmm(x.reshape(1, -1, s[-1]), torch.randn(1, s[-1], 5)),
    "baddbmm": lambda x, s: torch.baddbmm(torch.randn(5), x.reshape(1, -1, s[-1]), torch.randn(1, s[-1], 5)),
    "einsum": lambda x, s: torch.einsum("...i,ij->...j", x, torch.randn(s[-1], 5)),
    "tensordot": lambda x, s: torch.tensordot(x, torch.randn(s[-1], 5), dims=1),
    "matrix @ vector": lambda x, s: x @ torch.randn(s[-1]),
    "conv1d": lambda x, s: F.conv1d(x.reshape(1, 1, -1), torch.randn(2, 1, 3)),
    "conv2d": lambda x, s: F.conv2d(x.reshape(1, 1, -1, s[-1]), torch.randn(2, 1, 1, 1)),
}
full = {
    "cross_entropy": lambda x: F.cross_entropy(x.reshape(-1, x.shape[-1]), torch.zeros(x.numel() // x.shape[-1], dtype=torch.long)),
    "nll_loss": lambda x: F.nll_loss(x.reshape(-1, x.shape[-1]), torch.zeros(x.numel() // x.shape[-1], dtype=torch.long)),
    "mse_loss": lambda x: F.mse_loss(x, torch.zeros_like(x)),
    "l1_loss": lambda x: F.l1_loss(x, torch.zeros_like(x)),
    "smooth_l1_loss": lambda x: F.smooth_l1_loss(x, torch.zeros_like(x)),
    "bce_with_logits": lambda x: F.binary_cross_entropy_with_logits(x, torch.zeros_like(x)),
    "huber_loss": lambda x: F.huber_loss(x, torch.zeros_like(x)),
    "kl_div": lambda x: F.kl_div(x, torch.zeros_like(x), reduction="batchmean"),
    "poisson_nll_loss": lambda x: F.poisson_nll_loss(x, torch.zeros_like(x)),
    "prod": lambda x: x.prod(),
    "trace": lambda x: torch.trace(x.reshape(-1, x.shape[-1])),
    "cdist": lambda x: torch.cdist(x, x),
}
same = {
    "sum": lambda x: x.sum(),
    "mean": lambda x: x.mean(),
    "softmax": lambda x: x.softmax(dim=-1),
    "log_softmax": lambda x: x.log_softmax(dim=-1),
    "relu": lambda x: x.relu(),
    "exp": lambda x: x.exp(),
    "mv": lambda x: torch.mv(x.reshape(-1, x.shape[-1]), x.flatten()[: x.shape[-1]]),
    "addmv": lambda x: torch.addmv(x.flatten()[:4], x.reshape(-1, x.shape[-1])[:4], x.flatten()[: x.shape[-1]]),
    "dot": lambda x: torch.dot(x.flatten(), x.flatten()),
    "outer": lambda x: torch.outer(x.flatten(), x.flatten()),
    "gaussian_nll_loss": lambda x: F.gaussian_nll_loss(x, torch.zeros_like(x), torch.ones_like(x)),
    "multilabel_soft_margin_loss": lambda x: F.multilabel_soft_margin_loss(x, torch.zeros_like(x)),
}
mixed = {
    "h + residual": (lambda h: h + torch.randn(h.shape), torch.float32),
    "h + bias": (lambda h: h + torch.randn(h.shape[-1]), torch.float32),
    "h * float32": (lambda h: h * torch.randn(h.shape), torch.float32),
    "cat": (lambda h: torch.cat([h, torch.randn(h.shape)]), torch.float32),
    "where": (lambda h: torch.where(h > 0, h, torch.randn(h.shape)), torch.float32),
    "h + 0-dim float32": (lambda h: h + torch.tensor(2.0), None),
    "h * 2.0": (lambda h: h * 2.0, None),
}
layers = {
    "Linear": (lambda: nn.Linear(4, 3), (2, 4)),
    "Conv1d": (lambda: nn.Conv1d(2, 3, 3), (1, 2, 8)),
    "Conv2d": (lambda: nn.Conv2d(2, 3, 3), (1, 2, 6, 6)),
    "Sequential": (lambda: nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3)), (5, 4)),
}
shapes = [(4, 4), (2, 3, 6)]
low_dtypes = [torch.bfloat16, torch.float16]

cases = 0
for low_dtype in low_dtypes:
    with torch.autocast("cpu", dtype=low_dtype):
        for shape in shapes:
            for requires_grad in [False, True]:
                x = torch.randn(shape, requires_grad=requires_grad)
                for name, op in low.items():
                    assert op(x, shape).dtype == low_dtype, (name, low_dtype, shape)
                    cases += 1
                for source in [x, x.to(low_dtype)]:
                    for name, op in full.items():
                        assert op(source).dtype == torch.float32, (name, low_dtype, source.dtype)
                        cases += 1
                    for name, op in same.items():
                        assert op(source).dtype == source.dtype, (name, low_dtype, source.dtype)
                        cases += 1
                h = F.linear(x, torch.randn(shape[-1], shape[-1]))
                for name, (op, dtype) in mixed.items():
                    assert op(h).dtype == (dtype or low_dtype), (name, low_dtype, shape)
                    cases += 1
    for name, (make, shape) in layers.items():
        layer = make()
        x = torch.randn(shape, requires_grad=True)
        with torch.autocast("cpu", dtype=low_dtype):
            out = layer(x)
            assert out.dtype == low_dtype, (name, low_dtype)
            loss = F.mse_loss(out, torch.zeros_like(out))
        loss.backward()
        grads = [p.grad.dtype for p in layer.parameters()] + [x.grad.dtype]
        assert set(grads) == {torch.float32}, (name, low_dtype, grads)
        cases += 1

print(f"{cases} cases: autocast to bfloat16 and float16, {len(shapes)} shapes, inputs with and without grad")
print(f"  {len(low)} matrix-matrix products, matrix @ vector and convolutions -> the autocast dtype: {', '.join(low)}")
print(f"  {len(full)} on the float32 list -> float32: {', '.join(full)}")
print(f"  {len(same)} on neither list keep their input's dtype: {', '.join(same)}")
promoted = [name for name, (_, dtype) in mixed.items() if dtype]
print(f"  {len(promoted)} on neither list, autocast-dtype h with a float32 tensor -> float32: {', '.join(promoted)}")
print(f"  {len(mixed) - len(promoted)} with a 0-dim tensor or a Python number keep h's dtype: {', '.join(n for n in mixed if n not in promoted)}")
print(f"  {len(layers)} layers: output in the autocast dtype, .grad of the float32 parameters and input float32")
