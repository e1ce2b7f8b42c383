import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = torch.where(x > 0, x * 2, x + 1)  # (1)!
y.backward(torch.tensor([1.0, 1.0, 1.0]))
print(y)
print([node.name() for node, _ in y.grad_fn.next_functions if node is not None])  # (2)!
print(x.grad)  # (3)!
