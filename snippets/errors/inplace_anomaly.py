import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)

with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly():  # (1)!
    warnings.simplefilter("always")
    a = x.exp()
    b = a * w
    a.add_(1)
    try:
        b.sum().backward()
    except RuntimeError as e:
        print(f"RuntimeError: {str(e).partition(':')[0]}")

for warning in caught[1:]:  # (2)!
    first, *rest = str(warning.message).splitlines()
    print(first)
    print(f"    {[line.strip() for line in rest if line.startswith('    ')][-1]}")  # (3)!
