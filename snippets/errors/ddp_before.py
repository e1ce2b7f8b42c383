import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class TwoBranches(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 1)
        self.b = nn.Linear(2, 1)

    def forward(self, x):
        return self.a(x) if x.sum() > 0 else self.b(x)  # (1)!


dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)  # (2)!
model = DDP(TwoBranches())
try:
    for step, x in enumerate([torch.ones(1, 2), -torch.ones(1, 2)]):
        model(x).sum().backward()
        print(f"step {step}: ok")
except RuntimeError as e:
    lines = str(e).splitlines()
    print(f"step {step}: RuntimeError: {lines[0].split('. ')[0]}.")  # (3)!
    print(next(line for line in lines if line.startswith("Parameter indices")))
finally:
    dist.destroy_process_group()
