import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x + 1  # (1)!
print(f"y.grad_fn = {y.grad_fn.name()}, y._version = {y._version}")

column = y[:, 0]  # (2)!
column.mul_(2)  # (3)!
print(f"y.grad_fn = {y.grad_fn.name()}, y._version = {y._version}")
print(f"column.grad_fn = {column.grad_fn.name()}, column._version = {column._version}")  # (4)!
print(f"CopySlices leads back to {y.grad_fn.next_functions[0][0].name()}")

y.sum().backward()
print(f"x.grad = {x.grad}")  # (5)!
