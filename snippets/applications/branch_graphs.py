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
print(f"out_pos: {out_pos!r}")
print(f"out_neg: {out_neg!r}")
