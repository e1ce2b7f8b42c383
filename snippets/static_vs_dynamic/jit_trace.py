import textwrap
import warnings

import torch


def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x + 1


x_pos = torch.tensor([1.0, -2.0, 3.0])
x_neg = torch.tensor([-1.0, 2.0, -3.0])

with warnings.catch_warnings(record=True) as caught:  # (1)!
    warnings.simplefilter("always")
    traced = torch.jit.trace(dynamic_branch, (x_pos,))  # (2)!
for message in dict.fromkeys(f"{w.category.__name__}: {w.message}" for w in caught):  # (3)!
    print(textwrap.fill(message, width=78, subsequent_indent="    "))

print("traced code:")
print(traced.code.strip())  # (4)!
print(f"eager  x_pos: {dynamic_branch(x_pos)}")
print(f"traced x_pos: {traced(x_pos)}")
print(f"eager  x_neg: {dynamic_branch(x_neg)}")
print(f"traced x_neg: {traced(x_neg)}")  # (5)!
