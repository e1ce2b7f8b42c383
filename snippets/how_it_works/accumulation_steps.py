import torch

x = torch.arange(1.0, 11.0)
y = 2 * x + 1
w = torch.tensor(0.5, requires_grad=True)


def loss_fn(xb, yb):
    return ((w * xb - yb) ** 2).mean()  # (1)!


loss_fn(x, y).backward()
full_batch = round(w.grad.item(), 2)
w.grad = None

micro_batches = list(zip(x.chunk(4), y.chunk(4)))
sizes = [len(xb) for xb, _ in micro_batches]  # (2)!
for xb, yb in micro_batches:
    (loss_fn(xb, yb) * len(xb) / len(x)).backward()  # (3)!
weighted = round(w.grad.item(), 2)
w.grad = None

n_micro = len(micro_batches)
for xb, yb in micro_batches:
    (loss_fn(xb, yb) / n_micro).backward()  # (4)!
divided = round(w.grad.item(), 2)

print(f"one batch of {len(x)}:           w.grad = {full_batch:.2f}")
print(f"micro-batches of {sizes}:")
print(f"  each loss * size / {len(x)}:  w.grad = {weighted:.2f}")
print(f"  each loss / {n_micro}:          w.grad = {divided:.2f}")
