import os
from collections import Counter

import torch
from torch.autograd.graph import saved_tensors_hooks
from torch.profiler import profile

os.environ["KINETO_LOG_LEVEL"] = "6"  # (1)!
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
x = torch.randn(4, 8)

with profile() as prof:
    model(x).sum().backward()
prefix = "autograd::engine::evaluate_function: "
ran = Counter(e.name.removeprefix(prefix) for e in prof.events() if e.name.startswith(prefix))
print("backward nodes run:", dict(sorted(ran.items())))  # (2)!

saved = []
with saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):  # (3)!
    loss = model(x).sum()

owner = {x.untyped_storage().data_ptr(): "the input x"}
owner |= {p.untyped_storage().data_ptr(): "a parameter" for p in model.parameters()}
for t in saved:
    ptr = t.untyped_storage().data_ptr()
    print(f"saved {tuple(t.shape)}: {t.numel()} × {t.element_size()} = {t.numel() * t.element_size()} bytes, {owner.get(ptr, 'new memory')}")
    owner.setdefault(ptr, "the same memory as an earlier one")  # (4)!
