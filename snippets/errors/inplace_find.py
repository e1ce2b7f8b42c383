import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly():  # (1)!
    warnings.simplefilter("always")
    h = x.sigmoid()
    h += 1
    loss = (h * h).sum()
    try:
        loss.backward()
    except RuntimeError as e:
        print(f"RuntimeError: {str(e).partition(':')[0]}")
report = str(caught[-1].message).splitlines()  # (2)!
print(report[0])
print(f"    {[line.strip() for line in report if line.startswith('    ')][-1]}")
