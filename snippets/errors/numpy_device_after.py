import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
y = torch.ones(2, device=device, requires_grad=True) * 2
print(y.detach().cpu().numpy())  # (1)!
