import torch

w = torch.tensor(0.5, requires_grad=True)
h = torch.tensor(1.0)
for step in range(3):
    h = torch.tanh(w * h + 1)  # (1)!
    try:
        ((h - 0.5) ** 2).backward()
    except RuntimeError as e:
        print(f"step {step}: RuntimeError: {e}")
        break
