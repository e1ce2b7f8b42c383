import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 3)
with torch.autocast("cpu", dtype=torch.bfloat16):
    loss = nn.functional.cross_entropy(model(torch.randn(2, 4)), torch.tensor([0, 2]))


def show(node, depth=0):
    saved = [f"{k[7:]}: {t.dtype}" for k in dir(node) if k.startswith("_saved_") and isinstance(t := getattr(node, k), torch.Tensor)]  # (1)!
    print(("  " * depth + node.name() + "  " + ", ".join(saved)).rstrip())
    for child, _ in node.next_functions:
        if child is not None:
            show(child, depth + 1)


show(loss.grad_fn)
loss.backward()
print("weight.grad", model.weight.grad.dtype)  # (2)!
print("bias.grad  ", model.bias.grad.dtype)
