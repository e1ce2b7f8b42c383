import contextlib
import io
import logging

import torch


def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x + 1


def double(x):
    return x * 2


def add_one(x):
    return x + 1


def cond_branch(x):
    return torch.cond(x.sum() > 0, double, add_one, (x,))


class Branch(torch.nn.Module):
    def forward(self, x):
        return dynamic_branch(x)


class CondBranch(torch.nn.Module):
    def forward(self, x):
        return cond_branch(x)


x_pos = torch.tensor([1.0, -2.0, 3.0])
x_neg = torch.tensor([-1.0, 2.0, -3.0])

logging.getLogger("torch.fx.experimental.symbolic_shapes").setLevel(logging.ERROR)  # (1)!
for strict in (False, True):  # (2)!
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # (3)!
            torch.export.export(Branch(), (x_pos,), strict=strict)
    except RuntimeError as e:
        lines = str(e).splitlines()
        print(f"strict={strict}: {type(e).__name__}")
        print(f"    {lines[0].split('.')[0]}")  # (4)!
        for hint in (line.strip() for line in lines if "torch.cond" in line):
            print(f"    {hint}")

program = torch.export.export(CondBranch(), (x_pos,))  # (5)!
print(f"exported cond_branch, x_pos: {program.module()(x_pos)}")
print(f"exported cond_branch, x_neg: {program.module()(x_neg)}")
