import re

import torch


def first_doubled(x):
    return x[:1] * 2


def add_one(x):
    return x + 1


def shape_branch(x):
    return torch.cond(x.sum() > 0, first_doubled, add_one, (x,))  # (1)!


class ShapeBranch(torch.nn.Module):
    def forward(self, x):
        return shape_branch(x)


x_pos = torch.tensor([1.0, -2.0, 3.0])
x_neg = torch.tensor([-1.0, 2.0, -3.0])

compiled = torch.compile(shape_branch, backend="eager", fullgraph=True)
exported = torch.export.export(ShapeBranch(), (x_pos,)).module()
for name, fn in (("eager", shape_branch), ("fullgraph=True", compiled), ("torch.export", exported)):  # (2)!
    print(f"{name:15} x_pos -> {tuple(fn(x_pos).shape)}, x_neg -> {tuple(fn(x_neg).shape)}")

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
out = shape_branch(x)
try:
    out.sum().backward()  # (3)!
except RuntimeError as e:
    print(f"backward: RuntimeError: {e}")


def as_double(x):
    return (x * 2).double()


try:
    torch.cond(x_pos.sum() > 0, as_double, add_one, (x_pos,))  # (4)!
except Exception as e:
    reason = re.search(r"When merging.*?\.(?=\")", str(e)).group(0)  # (5)!
    print(f"different dtypes: {type(e).__name__}: {reason}")
