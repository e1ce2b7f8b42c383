import torch
from torch import nn

x = torch.ones(1, 2, requires_grad=True)
net = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
out = net(x)
out.sum().backward(retain_graph=True)
torch.optim.SGD(net.parameters(), lr=0.1).step()  # (1)!
for loss in [out.mean(), nn.ReLU(inplace=True)(x.sigmoid()).sum()]:  # (2)!
    try:
        loss.backward()
    except RuntimeError as e:
        print(f"RuntimeError: {e}".split(" Hint:")[0])
try:
    net[1].weight -= 0.1 * net[1].weight.grad  # (3)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
