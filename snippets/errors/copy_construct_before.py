import warnings

import torch

w = torch.tensor(2.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scaled = torch.tensor(w * 3)  # (1)!
    pair = torch.tensor([w * 2, w * 3])  # (2)!
print(f"{caught[0].category.__name__}: {caught[0].message}")
print(f"scaled.requires_grad = {scaled.requires_grad}, pair.requires_grad = {pair.requires_grad}")
