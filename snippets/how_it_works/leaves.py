import torch

x = torch.tensor(2.0, requires_grad=True)  # (1)!
c = torch.tensor(5.0)
z = x * c  # (2)!
positive = x > 0  # (3)!

for name, t in (("x", x), ("c", c), ("z", z), ("positive", positive)):
    node = t.grad_fn.name() if t.grad_fn is not None else None
    print(f"{name}: requires_grad={t.requires_grad}, is_leaf={t.is_leaf}, grad_fn={node}")

print(f"saved by z.grad_fn: c is z.grad_fn._saved_other -> {z.grad_fn._saved_other is c}")  # (4)!

z.backward()
print(f"x.grad = {x.grad}, c.grad = {c.grad}")  # (5)!
