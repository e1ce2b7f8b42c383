import torch


def nodes(f):  # (1)!
    return 1 + sum(nodes(g) for g, _ in f.next_functions if g and g.next_functions)


w = torch.tensor(2.0, requires_grad=True)
total_loss = 0
for step in range(100):
    loss = (w * 3 - 1) ** 2
    total_loss += loss  # (2)!
print(f"total_loss = {total_loss!r}, {nodes(total_loss.grad_fn)} graph nodes kept alive")
