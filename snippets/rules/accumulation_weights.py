import torch
from torch.nn import functional as F

N_SAMPLES, N_CLASSES = 10, 3
x = torch.randn(N_SAMPLES, 4, dtype=torch.float64)
w0 = torch.randn(4, N_CLASSES, dtype=torch.float64)
targets = torch.tensor([0, 1, 2, 0, 1, 2, 2, 1, 0, 2])
padded = targets.clone()
padded[[1, 2, 5]] = -100  # ignored targets, unevenly spread
class_weight = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64)

losses = {
    "mse_loss": (lambda out, t: F.mse_loss(out, F.one_hot(t, N_CLASSES).double()), lambda t: t.numel()),
    "l1_loss": (lambda out, t: F.l1_loss(out, F.one_hot(t, N_CLASSES).double()), lambda t: t.numel()),
    "cross_entropy": (lambda out, t: F.cross_entropy(out, t), lambda t: t.numel()),
    "cross_entropy ignore_index": (
        lambda out, t: F.cross_entropy(out, t, ignore_index=-100),
        lambda t: (t != -100).sum().item(),
    ),
    "cross_entropy weight=": (lambda out, t: F.cross_entropy(out, t, weight=class_weight), lambda t: class_weight[t].sum()),
}
target_of = {name: padded if "ignore_index" in name else targets for name in losses}


def full_grad(loss_fn, t):
    w = w0.clone().requires_grad_()
    loss_fn(x @ w, t).backward()
    return w.grad


def accumulated(loss_fn, t, chunks, weight_of):
    w = w0.clone().requires_grad_()
    for xi, ti in zip(x.chunk(chunks), t.chunk(chunks)):
        (loss_fn(xi @ w, ti) * weight_of(ti)).backward()
    return w.grad


def close(a, b):
    return torch.allclose(a, b, rtol=1e-9, atol=1e-12)


cases = 0
results = {}
for name, (loss_fn, count) in losses.items():
    t = target_of[name]
    full = full_grad(loss_fn, t)
    for chunks in (2, 4):  # 5 + 5 samples, and 3 + 3 + 3 + 1
        total = count(t)
        by_count = close(accumulated(loss_fn, t, chunks, lambda ti: count(ti) / total), full)
        by_samples = close(accumulated(loss_fn, t, chunks, lambda ti: len(ti) / N_SAMPLES), full)
        by_chunks = close(accumulated(loss_fn, t, chunks, lambda ti: 1 / chunks), full)
        assert by_count, (name, chunks)
        results[name, chunks] = (by_samples, by_chunks)
        cases += 1
for chunks in (2, 4):
    for name in ("mse_loss", "l1_loss", "cross_entropy"):
        assert results[name, chunks] == (True, chunks == 2), (name, chunks)
    for name in ("cross_entropy ignore_index", "cross_entropy weight="):
        assert results[name, chunks] == (False, False), (name, chunks)

# reduction="sum", divided once by the large batch's count, gives the same gradient
sum_cases = {
    "cross_entropy ignore_index": (lambda out, t: F.cross_entropy(out, t, reduction="sum"), padded, 7),
    "cross_entropy weight=": (
        lambda out, t: F.cross_entropy(out, t, weight=class_weight, reduction="sum"),
        targets,
        class_weight[targets].sum(),
    ),
}
for name, (sum_fn, t, total) in sum_cases.items():
    for chunks in (2, 4):
        assert close(accumulated(sum_fn, t, chunks, lambda ti: 1 / total), full_grad(losses[name][0], t)), name
        cases += 1

# a micro-batch whose targets are all ignored: its mean is nan, yet weighted by 0 it adds nothing
all_ignored = padded.clone()
all_ignored[:5] = -100
ce_ignore, count = losses["cross_entropy ignore_index"]
empty_mean = F.cross_entropy(x[:5] @ w0, all_ignored[:5], ignore_index=-100)
assert empty_mean.isnan()
grad = accumulated(ce_ignore, all_ignored, 2, lambda ti: count(ti) / count(all_ignored))
assert close(grad, full_grad(ce_ignore, all_ignored))
cases += 1

print(f"{cases} cases, float64, 10 samples in 2 equal or 4 unequal micro-batches, tolerance 1e-9")
print("weights n_i / N, n_i = what the mean divides by, give the large batch's gradient for each loss;")
print("the same gradient weighted by samples, and by 1 / number of micro-batches ([equal, unequal]):")
for name in losses:
    by_samples = [results[name, c][0] for c in (2, 4)]
    by_chunks = [results[name, c][1] for c in (2, 4)]
    print(f"  {name:27} by samples: {str(by_samples):14} by 1/micro-batches: {by_chunks}")
print('reduction="sum", divided once by the large batch\'s count: same gradient for ignore_index and weight=')
print(f"a micro-batch with every target ignored: mean loss {empty_mean.item()}, gradient still the large batch's")
