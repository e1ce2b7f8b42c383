import torch


def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x + 1


x_pos = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)  # (1)!
x_neg = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)  # (2)!

out_pos = dynamic_branch(x_pos)
out_neg = dynamic_branch(x_neg)
print(f"out_pos: {out_pos.grad_fn.name()}")  # (3)!
print(f"out_neg: {out_neg.grad_fn.name()}")

out_pos.backward(torch.ones(3))
out_neg.backward(torch.ones(3))
print(f"x_pos.grad: {x_pos.grad}")
print(f"x_neg.grad: {x_neg.grad}")

again = dynamic_branch(x_pos)  # (4)!
print(f"again: {again.grad_fn.name()}, same graph as out_pos: {again.grad_fn is out_pos.grad_fn}")
