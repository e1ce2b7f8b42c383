import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
cases = 0
for dtype in dtypes:
    for batch in [1, 5]:
        for inplace in [False, True]:
            model = torch.nn.Sequential(
                torch.nn.Linear(6, 6), torch.nn.ReLU(inplace=inplace), torch.nn.Dropout(0.5), torch.nn.Linear(6, 6), torch.nn.Tanh()
            ).to(dtype)
            x = torch.randn(batch, 6, dtype=dtype, requires_grad=True)
            grads = {}
            for name, forward in {"plain": model, "checkpoint": lambda t: checkpoint(model, t, use_reentrant=False)}.items():
                torch.manual_seed(1)
                loss = forward(x * 1).square().sum()
                grads[name] = torch.autograd.grad(loss, [x, *model.parameters()])
            assert all(torch.equal(a, b) for a, b in zip(grads["plain"], grads["checkpoint"])), (dtype, batch, inplace)
            cases += 1
print(f"{cases} models (4 dtypes, with dropout, in-place ReLU or not): checkpoint gradients bit-for-bit equal")

model = torch.nn.Sequential(torch.nn.Linear(6, 6), torch.nn.Dropout(0.5))
x = torch.randn(5, 6, requires_grad=True)
torch.manual_seed(1)
plain = torch.autograd.grad(model(x).sum(), x)[0]
torch.manual_seed(1)
no_rng = torch.autograd.grad(checkpoint(model, x, use_reentrant=False, preserve_rng_state=False).sum(), x)[0]
print(f"dropout with preserve_rng_state=False: equal gradients {torch.equal(plain, no_rng)}")

bn = torch.nn.BatchNorm1d(6)
checkpoint(bn, x, use_reentrant=False).sum().backward()
print(f"BatchNorm1d, one checkpointed step: num_batches_tracked = {bn.num_batches_tracked.item()} (the recomputation counts again)")
