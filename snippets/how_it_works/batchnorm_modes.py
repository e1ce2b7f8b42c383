import torch
from torch import nn

bn = nn.BatchNorm1d(2)
x = torch.tensor([[1.0, 2.0], [3.0, 6.0]])


def show(label, out=None):
    mean = ", ".join(f"{v:.4f}" for v in bn.running_mean.tolist())
    var = ", ".join(f"{v:.4f}" for v in bn.running_var.tolist())
    line = f"{label:<20} running_mean=[{mean}] running_var=[{var}] num_batches_tracked={bn.num_batches_tracked.item()}"
    if out is not None:
        line += " out[0]=[" + ", ".join(f"{v:.4f}" for v in out[0].tolist()) + "]"
    print(line)


show("new")
with torch.no_grad():
    show("train() + no_grad()", bn(x))  # (1)!
bn.eval()
show("eval()", bn(x))  # (2)!
