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
        return self.a(x) if x.sum() > 0 else self.b(x)


dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = DDP(TwoBranches(), find_unused_parameters=True)  # (1)!
try:
    for step, x in enumerate([torch.ones(1, 2), -torch.ones(1, 2), torch.ones(1, 2)]):
        model.zero_grad()
        model(x).sum().backward()
        got = [name for name, p in model.module.named_parameters() if p.grad is not None]
        print(f"step {step}: gradients for {got}")  # (2)!
finally:
    dist.destroy_process_group()
