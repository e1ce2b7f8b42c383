import warnings

import torch

w = torch.tensor(2.0, requires_grad=True)
h = w * 3
(h * h).backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(f"h.grad = {h.grad}")
print(f"{caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}.")  # (1)!
