import torch
from torch import nn

x = torch.ones(1, 2, requires_grad=True)
net = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
out = net(x)
out.sum().backward(retain_graph=True)
out.mean().backward()  # (1)!
optimizer.step()
nn.ReLU()(x.sigmoid()).sum().backward()  # (2)!
with torch.no_grad():
    net[1].weight -= 0.1 * net[1].weight.grad  # (3)!
print("no error: both backward passes before step(), ReLU out of place, the update under no_grad()")
