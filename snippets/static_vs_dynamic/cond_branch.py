import torch


def double(x):
    return x * 2


def add_one(x):
    return x + 1


def cond_branch(x):
    return torch.cond(x.sum() > 0, double, add_one, (x,))  # (1)!


x_pos = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
x_neg = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)

out_pos = cond_branch(x_pos)
out_neg = cond_branch(x_neg)
print(f"out_pos: {out_pos}")  # (2)!
print(f"out_neg: {out_neg}")

out_pos.backward(torch.ones(3))
out_neg.backward(torch.ones(3))
print(f"x_pos.grad: {x_pos.grad}")
print(f"x_neg.grad: {x_neg.grad}")

try:
    torch.cond(x_pos > 0, double, add_one, (x_pos,))  # (3)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")

explanation = torch._dynamo.explain(cond_branch)(x_pos)  # (4)!
print(f"graphs: {explanation.graph_count}, graph breaks: {explanation.graph_break_count}")
