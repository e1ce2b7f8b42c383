import torch


def forward(x, w):
    h = x
    steps = 0
    while h.abs().sum() < 10:  # (1)!
        h = h * w
        steps += 1
    return h.sum(), steps


w = torch.tensor(2.0, requires_grad=True)

runs = []
for values in ([1.0, 2.0], [0.1, 0.2]):
    out, steps = forward(torch.tensor(values), w)
    out.backward()  # (2)!
    print(f"x = {values}: {steps} steps, out = {out.item():.1f}, "
          f"d(out)/dw = {w.grad.item():.1f}")
    runs.append((steps, w.grad))
    w.grad = None
