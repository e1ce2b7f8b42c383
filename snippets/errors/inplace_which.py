import re

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
a = x.exp()  # (1)!
b = a * w  # (2)!
a.add_(1)  # (3)!
print(f"a.grad_fn: {a.grad_fn.name()}")

try:
    b.sum().backward()
except RuntimeError as e:
    print(re.search(r"which is output .*? instead\.", str(e)).group(0))  # (4)!
