import contextlib
import io
import logging

import torch

logging.getLogger("torch.fx.experimental.symbolic_shapes").setLevel(logging.ERROR)



def while_loop(x):
    while x.abs().sum() < 10:
        x = x * 2
    return x


conditions = {
    "if x.sum() > 0": lambda x: x * 2 if x.sum() > 0 else x + 1,
    "if (x > 2).any()": lambda x: x * 2 if (x > 2).any() else x + 1,
    "if x[0] > 0": lambda x: x * 2 if x[0] > 0 else x + 1,
    "while x.abs().sum() < 10": while_loop,
}


class Wrap(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


x = torch.tensor([1.0, -2.0, 3.0])
errors = {}
for name, fn in conditions.items():
    for strict in (False, True):
        for dtype in (torch.float32, torch.float64):
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    torch.export.export(Wrap(fn), (x.to(dtype),), strict=strict)
                raised = None
            except Exception as e:
                raised = type(e).__name__
            assert raised == ("Unsupported" if strict else "GuardOnDataDependentSymNode"), (name, strict, raised)
            errors.setdefault(f"strict={strict}", set()).add(raised)
print(f"refused: {len(conditions)} data-dependent conditions x strict and non-strict x float32, float64")
for mode, names in errors.items():
    print(f"  {mode}: {', '.join(sorted(names))}")


def shape_branch(x):
    return x * 2 if x.shape[0] > 2 else x + 1


def cond_branch(x):
    return torch.cond(x.sum() > 0, lambda x: x * 2, lambda x: x + 1, (x,))


for name, fn in (("if x.shape[0] > 2", shape_branch), ("torch.cond", cond_branch)):
    for dtype in (torch.float32, torch.float64):
        program = torch.export.export(Wrap(fn), (x.to(dtype),)).module()
        for other in (x, -x):
            assert torch.equal(program(other.to(dtype)), fn(other.to(dtype)))
    print(f"exported (non-strict), right for both signs: {name}")
