import torch
from torch import nn

print("1e-8 in float16: ", torch.tensor(1e-8).half().item())  # (1)!
print(f"1e-8 in bfloat16: {torch.tensor(1e-8).bfloat16().item():.1e}")
w = nn.Parameter(torch.tensor([[1.0]]))
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu")
scale = scaler.get_scale()


def loss():
    with torch.autocast("cpu", dtype=torch.float16):
        h = torch.ones(1, 1) @ w  # (2)!
    return h.float().sum() * 1e-8


loss().backward()
print(f"not scaled:      w.grad = {w.grad.item():.2e}")
w.grad = None
scaler.scale(loss()).backward()  # (3)!
print(f"scaled by {scale:.0f}: w.grad = {w.grad.item():.2e}")
scaler.unscale_(optimizer)  # (4)!
print(f"after unscale_:  w.grad = {w.grad.item():.2e}")
