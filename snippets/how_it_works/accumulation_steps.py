import torch

x = torch.arange(1.0, 9.0)
y = 2 * x + 1
w = torch.tensor(0.5, requires_grad=True)


def loss_fn(xb, yb):
    return ((w * xb - yb) ** 2).mean()  # (1)!


loss_fn(x, y).backward()
full_batch = w.grad.item()
w.grad = None

n_micro = 4
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    (loss_fn(xb, yb) / n_micro).backward()  # (2)!
accumulated = w.grad.item()
w.grad = None

for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss_fn(xb, yb).backward()  # (3)!
undivided = w.grad.item()

print(f"one batch of 8:                    w.grad = {full_batch}")
print(f"4 micro-batches of 2, loss / 4:    w.grad = {accumulated}")
print(f"4 micro-batches of 2, not divided: w.grad = {undivided}")
