import textwrap
import warnings

import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3  # (1)!
z = y**2
z.backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")  # (2)!
    print(f"y.grad = {y.grad}")
for w in caught:
    message = str(w.message).split(" (Triggered internally")[0]  # (3)!
    print(textwrap.fill(f"{w.category.__name__}: {message}", width=80))  # (4)!

print(f"x.is_leaf = {x.is_leaf}, y.is_leaf = {y.is_leaf}")
print(f"x.grad = {x.grad}")
