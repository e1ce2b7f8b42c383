import torch
import torch.nn as nn

torch.manual_seed(0)


class ShapeAdaptiveNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleDict()  # (1)!

    def forward(self, x):
        n = x.shape[-1]  # (2)!
        if str(n) not in self.blocks:  # (3)!
            self.blocks[str(n)] = nn.Sequential(nn.Linear(n, 2 * n), nn.ReLU(), nn.Linear(2 * n, 1))
        return self.blocks[str(n)](x)


model = ShapeAdaptiveNet()
for batch, features in [(4, 3), (2, 5), (6, 3)]:
    model.zero_grad()
    y = model(torch.randn(batch, features))
    y.sum().backward()  # (4)!
    hidden = model.blocks[str(features)][0]
    print(f"input ({batch}, {features}) -> output {tuple(y.shape)}, hidden layer {hidden}")

n_built = len(model.blocks)
print(f"layer sets built: {n_built}, keys: {list(model.blocks.keys())}, parameter tensors: {len(list(model.parameters()))}")  # (5)!
unused = model.blocks["5"][0]
print(f"'5' hidden weight grad after the last pass: {unused.weight.grad}")  # (6)!
