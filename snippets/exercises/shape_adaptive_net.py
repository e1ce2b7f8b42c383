import torch
import torch.nn as nn

torch.manual_seed(0)


class ShapeAdaptiveNet(nn.Module):
    def __init__(self, out_features=1, width=2):
        super().__init__()
        self.out_features = out_features
        self.width = width
        self.blocks = nn.ModuleDict()  # (1)!

    def forward(self, x):
        in_features = x.shape[-1]  # (2)!
        key = str(in_features)
        if key not in self.blocks:  # (3)!
            hidden = self.width * in_features
            self.blocks[key] = nn.Sequential(
                nn.Linear(in_features, hidden),
                nn.ReLU(),
                nn.Linear(hidden, self.out_features),
            )
        return self.blocks[key](x)


model = ShapeAdaptiveNet()
for batch, features in [(4, 3), (2, 5), (6, 3)]:
    x = torch.randn(batch, features)
    model.zero_grad()
    y = model(x)
    y.sum().backward()  # (4)!
    hidden, _, output = model.blocks[str(features)]
    print(f"input {tuple(x.shape)} -> output {tuple(y.shape)}")
    print(f"  hidden layer: {hidden}")
    print(f"  output.bias.grad: {output.bias.grad}")

n_built = len(model.blocks)
print(f"layer sets built: {n_built}, keys: {list(model.blocks.keys())}")  # (5)!
unused = model.blocks["5"][0]
print(f"'5' hidden weight grad after the last pass: {unused.weight.grad}")  # (6)!
