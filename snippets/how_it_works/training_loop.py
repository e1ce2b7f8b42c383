import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
y = torch.tensor([[3.0], [3.0], [6.0]])

graphs = []
for step in range(1, 4):
    loss = ((model(x) - y) ** 2).mean()  # (1)!
    loss.backward()  # (2)!
    optimizer.step()  # (3)!
    optimizer.zero_grad()  # (4)!
    graphs.append(loss.grad_fn)
    print(f"step {step}: loss = {loss.item():.4f}, loss.grad_fn = {loss.grad_fn.name()}")

n_graphs = len({id(g) for g in graphs})  # (5)!
print(f"{len(graphs)} steps, {n_graphs} different graphs")
print("after zero_grad():", model.weight.grad)
