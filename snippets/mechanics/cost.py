import os

import torch
from torch.autograd.graph import saved_tensors_hooks
from torch.profiler import profile

os.environ["KINETO_LOG_LEVEL"] = "6"  # (1)!
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
x = torch.randn(4, 8)

with profile() as prof:
    model(x).sum().backward()
prefix = "autograd::engine::evaluate_function: "
ran = sorted({e.name.removeprefix(prefix) for e in prof.events() if e.name.startswith(prefix)})
print("backward nodes in the profile:", ran)  # (2)!

saved = []


def pack(t):
    saved.append((tuple(t.shape), any(t.untyped_storage().data_ptr() == p.untyped_storage().data_ptr() for p in model.parameters())))
    return t


with saved_tensors_hooks(pack, lambda t: t):  # (3)!
    loss = model(x).sum()
print(f"{len(saved)} saved tensors:", saved)
