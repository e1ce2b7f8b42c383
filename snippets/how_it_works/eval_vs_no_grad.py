import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(p=0.5))
x = torch.ones(1, 4)


def report(label):
    first, second = model(x), model(x)
    same = torch.equal(first, second)
    print(f"{label:<20} same output twice: {same!s:<5}  requires_grad: {first.requires_grad}")


model.train()
report("train()")
model.eval()  # (1)!
report("eval()")

model.train()
with torch.no_grad():  # (2)!
    report("train() + no_grad()")
model.eval()
with torch.no_grad():
    report("eval() + no_grad()")

with torch.inference_mode():  # (3)!
    out = model(x)
print(f"inference_mode(): requires_grad={out.requires_grad}, is_inference={out.is_inference()}")
w = torch.ones(4, requires_grad=True)
try:
    (out * w).sum()
except RuntimeError as e:
    print(f"RuntimeError: {str(e).split('. ')[0]}")  # (4)!
