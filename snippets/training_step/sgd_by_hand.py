import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
by_hand = nn.Linear(3, 1)
by_hand.load_state_dict(model.state_dict())
x, y = torch.randn(8, 3), torch.randn(8, 1)
lr = 0.1

optimizer = torch.optim.SGD(model.parameters(), lr=lr)
nn.functional.mse_loss(model(x), y).backward()
optimizer.step()

nn.functional.mse_loss(by_hand(x), y).backward()
with torch.no_grad():  # (1)!
    for p in by_hand.parameters():
        p -= lr * p.grad

for (name, p), q in zip(model.named_parameters(), by_hand.parameters()):
    same = torch.allclose(p, q, rtol=1e-6, atol=1e-6)  # (2)!
    print(f"{name}: step() equals p -= lr * p.grad: {same}")
