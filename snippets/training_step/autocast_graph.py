import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 3)
x = torch.randn(2, 4)
target = torch.tensor([0, 2])

with torch.autocast("cpu", dtype=torch.bfloat16):
    loss = nn.functional.cross_entropy(model(x), target)


def show(node, depth=0):
    saved = [
        f"{name[7:]}: {str(getattr(node, name).dtype)[6:]}"  # (1)!
        for name in dir(node)
        if name.startswith("_saved_") and isinstance(getattr(node, name), torch.Tensor)
    ]
    print(("  " * depth + node.name() + "  " + ", ".join(saved)).rstrip())
    for child, _ in node.next_functions:
        if child is not None:
            show(child, depth + 1)


show(loss.grad_fn)
loss.backward()
print("weight.grad", model.weight.grad.dtype)  # (2)!
print("bias.grad  ", model.bias.grad.dtype)
