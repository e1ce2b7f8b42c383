import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.03)
x = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
y = torch.tensor([[3.0], [3.0], [6.0]])

graphs = []
for step in range(1, 5):
    loss = ((model(x) - y) ** 2).mean()  # (1)!
    optimizer.zero_grad()  # (2)!
    loss.backward()
    optimizer.step()
    graphs.append(loss.grad_fn)
    print(f"step {step}: loss = {loss.item():.4f}")
print(f"{len(graphs)} steps, {len(set(graphs))} different graphs")  # (3)!
