import torch


def forward(x, w):
    steps = 0
    while x.abs().sum() < 10:  # (1)!
        x = x * w
        steps += 1
    return x.sum(), steps


w = torch.tensor(2.0, requires_grad=True)

runs = []
for values in ([1.0, 2.0], [0.1, 0.2]):
    out, steps = forward(torch.tensor(values), w)
    out.backward()  # (2)!
    print(f"x = {values}: {steps} steps, d(out)/dw = {w.grad.item():.1f}")
    runs.append((steps, w.grad))
    w.grad = None
