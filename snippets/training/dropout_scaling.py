import torch
from torch import nn

torch.manual_seed(0)
dropout = nn.Dropout(p=0.25)
x = torch.ones(1000)
values = sorted({round(v, 4) for v in dropout(x).tolist()})  # (1)!
print(f"train(): the output holds only {values}")
dropout.eval()
print(f"eval(): output equals input: {torch.equal(dropout(x), x)}")  # (2)!
