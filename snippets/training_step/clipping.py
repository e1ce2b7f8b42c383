import torch
from torch import nn

w = nn.Parameter(torch.tensor([[1.0, 1.0]]))
x = torch.tensor([[3.0, 4.0]])
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)

with torch.autocast("cpu", dtype=torch.float16):
    loss = (x @ w.T).float().sum()
scaler.scale(loss).backward()
scaled_norm = w.grad.norm().item()
print(f"norm of the scaled gradient: {scaled_norm:.1f}")  # (1)!
scaler.unscale_(optimizer)
norm = nn.utils.clip_grad_norm_([w], max_norm=1.0)  # (2)!
print(f"norm before clipping: {norm.item():.4f}")
print(f"norm after clipping:  {w.grad.norm().item():.4f}")
scaler.step(optimizer)  # (3)!
scaler.update()
print("w:", w.detach().round(decimals=2))
