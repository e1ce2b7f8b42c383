import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = (x + y) * y  # (1)!
print(z.grad_fn.name(), [node.name() for node, _ in z.grad_fn.next_functions])

z.backward()
print(f"dz/dx: {x.grad}")
print(f"dz/dy: {y.grad}")
