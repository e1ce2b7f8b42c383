import torch

w = torch.tensor(0.5, requires_grad=True)
h = torch.tensor(1.0)
for step in range(3):
    h = torch.tanh(w * h.detach() + 1)  # (1)!
    ((h - 0.5) ** 2).backward()
    print(f"step {step}: h = {h.item():.4f}")
