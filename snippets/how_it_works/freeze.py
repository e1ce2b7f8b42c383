import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
for p in model[0].parameters():
    p.requires_grad_(False)  # (1)!

trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.SGD(trainable, lr=0.1)  # (2)!

x = torch.ones(2, 3)
hidden = model[1](model[0](x))
print(f"hidden: requires_grad={hidden.requires_grad}, grad_fn={hidden.grad_fn}")  # (3)!

loss = model(x).sum()
loss.backward()
for name, p in model.named_parameters():
    grad = None if p.grad is None else tuple(p.grad.shape)
    print(f"{name}: requires_grad={p.requires_grad}, grad shape={grad}")

n_trainable = sum(p.numel() for p in trainable)
print("trainable parameters:", n_trainable)
