import torch
from torch import nn

model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
y = torch.tensor([[3.0], [3.0], [6.0]])

graphs = []
for _ in range(3):
    loss = ((model(x) - y) ** 2).mean()  # (1)!
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    graphs.append(loss.grad_fn)
print(f"{len(graphs)} steps, {len(set(graphs))} different graphs")  # (2)!
