import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 3)
x = torch.randn(2, 4)
target = torch.tensor([0, 2])

with torch.autocast("cpu", dtype=torch.bfloat16):  # (1)!
    out = model(x)
    print("Linear       ", out.dtype)
    print("x @ x.T      ", (x @ x.T).dtype)
    print("sum          ", out.sum().dtype)  # (2)!
    print("softmax      ", out.softmax(dim=1).dtype)
    loss = nn.functional.cross_entropy(out, target)
    print("cross_entropy", loss.dtype)  # (3)!
print("weight       ", model.weight.dtype)
