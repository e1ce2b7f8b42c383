import re

import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
saves_output = {"a.exp()": lambda a: a.exp(), "a.sigmoid()": lambda a: a.sigmoid(), "a.tanh()": lambda a: a.tanh()}
saves_input = {"a * w": lambda a: a * torch.full_like(a, 2).requires_grad_(), "a.sin()": lambda a: a.sin(), "a ** 2": lambda a: a**2}


def in_no_grad(t):
    with torch.no_grad():
        t.mul_(2)


changes = {
    "add_(1)": lambda t: t.add_(1),
    "mul_(2)": lambda t: t.mul_(2),
    "zero_()": lambda t: t.zero_(),
    "[:1].mul_(2)": lambda t: t[:1].mul_(2),
    "mul_(2) in no_grad()": in_no_grad,
}
producers = {"x.exp()": lambda x: x.exp(), "x * 1": lambda x: x * 1}


def named(run):
    try:
        run()
    except RuntimeError as e:
        found = re.search(r"\], which is output (\d+) of (\S+), is at version", str(e))
        return found.group(2) if found else None
    raise AssertionError("no error")


def op_of(node):
    return re.sub(r"Backward\d*$", "", node.name())


cases = 0
telling = {}
for dtype in dtypes:
    for produce_name, produce in producers.items():
        for change_name, change in changes.items():
            for op_name, op in saves_output.items():
                x = torch.ones(3, dtype=dtype, requires_grad=True)
                y = op(produce(x))
                total, node = y.sum().real, y.grad_fn
                change(y)
                assert named(total.backward) == op_of(node), (dtype, op_name, change_name)
                cases += 1
            for op_name, op in saves_input.items():
                x = torch.ones(3, dtype=dtype, requires_grad=True)
                a = produce(x)
                total = op(a).sum().real
                change(a)
                assert named(total.backward) == op_of(a.grad_fn), (dtype, op_name, change_name)
                if produce_name == "x.exp()" and op_name == "a.sin()":
                    telling[("" if change_name[0] == "[" else ".") + change_name] = op_of(a.grad_fn)
                cases += 1
    for leaf in [True, False]:
        x = torch.ones(3, dtype=dtype, requires_grad=leaf)
        w = torch.ones(3, dtype=dtype, requires_grad=True)
        total = (x * w).sum().real
        with torch.no_grad():
            x.add_(1)
        assert named(total.backward) is None
        cases += 1

print(f"{cases} cases ({len(dtypes)} dtypes, {len(saves_output) + len(saves_input)} ops, {len(changes)} in-place changes):")
print("  saved as a node's output: the message names that node's operation (y = a.exp(); y.add_(1): Exp)")
print("  saved as an input: it names the grad_fn the tensor has at backward time:")
for case in [".add_(1)", "[:1].mul_(2)", ".mul_(2) in no_grad()"]:
    print(f"    a = x.exp(); a.sin(); a{case}: {telling[case]}")
print("  a leaf, or a tensor that needs no grad, changed under no_grad(): no node named at all")

for dtype in [torch.float32, torch.float64]:
    x = torch.eye(3, dtype=dtype, requires_grad=True)
    values, vectors = torch.linalg.eigh(x * 2)
    total = vectors.sum()
    vectors.add_(1)
    try:
        total.backward()
        message = "backward raised nothing"
    except RuntimeError as e:
        message = str(e)
    found = re.search(r"\], which is output (\d+) of (\S+), is at version", message)
    assert found and found.groups() == ("1", "LinalgEigh"), message
print("  values, vectors = torch.linalg.eigh(a); vectors.add_(1): output 1 of LinalgEigh (N is the saved output's index)")
