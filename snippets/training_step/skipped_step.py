import torch
from torch import nn

w = nn.Parameter(torch.tensor([[1.0]]))
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)

for x in [70000.0, 1.0]:  # (1)!
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        loss = (torch.tensor([[x]]) @ w).float().sum()
    scaler.scale(loss).backward()
    before = w.detach().clone()
    scale = scaler.get_scale()
    scaler.step(optimizer)  # (2)!
    scaler.update()  # (3)!
    print(f"x = {x:.0f}: loss = {loss.item()}, scale {scale:.0f} -> {scaler.get_scale():.0f}, "
          f"w unchanged: {torch.equal(before, w)}")
