import warnings

import torch
from torch.utils.checkpoint import checkpoint

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpoint(torch.sin, x)
    print(f"{caught[0].category.__name__}: {caught[0].message}".replace(". ", ".\n  "))  # (1)!
    checkpoint(torch.sin, x, use_reentrant=False)  # (2)!
print(f"warnings in all: {len(caught)}")
