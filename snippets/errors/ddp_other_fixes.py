import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class TwoBranches(nn.Module):
    def __init__(self, choose):
        super().__init__()
        self.a = nn.Linear(2, 1)
        self.b = nn.Linear(2, 1)
        self.choose = choose

    def forward(self, x):
        return self.choose(self, x)


ways = {
    "only a, static_graph=True": (lambda m, x: m.a(x), {"static_graph": True}),  # (1)!
    "a or b by the data, static_graph=True": (lambda m, x: m.a(x) if x.sum() > 0 else m.b(x), {"static_graph": True}),
    "a and b both run, torch.where picks": (lambda m, x: torch.where(x.sum() > 0, m.a(x), m.b(x)), {}),  # (2)!
}
for name, (choose, options) in ways.items():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    model = DDP(TwoBranches(choose), **options)
    try:
        for x in [torch.ones(1, 2), -torch.ones(1, 2), torch.ones(1, 2)]:
            model(x).sum().backward()
        print(f"{name}: 3 steps, no error")
    except RuntimeError as e:
        print(f"{name}: RuntimeError: {str(e).split('. ')[0]}.")
    finally:
        dist.destroy_process_group()
