import torch


def forward(x, w):
    h = x * w
    print(f"h = {h!r}")  # (1)!
    s = torch.sqrt(h)
    print(f"s = {s!r}")
    return s.sum()


x = torch.tensor([1.0, 3.0, 2.0])
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
loss = forward(x, w)
