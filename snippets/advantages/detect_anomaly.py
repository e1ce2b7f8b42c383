import warnings

import torch


def forward(x, w):
    h = x * w
    s = torch.sqrt(h)
    return s.sum()


x = torch.tensor([1.0, 3.0, 2.0])
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)

with warnings.catch_warnings(record=True) as caught:  # (1)!
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():  # (2)!
        loss = forward(x, w)
        try:
            loss.backward()
        except RuntimeError as e:
            print(f"RuntimeError: {e}")  # (3)!

for warning in caught:
    first, *rest = str(warning.message).splitlines()
    print(f"{warning.category.__name__}: {first}")
    code = [line.strip() for line in rest if line.startswith("    ")]
    if code:
        print(f"    {code[-1]}")  # (4)!
