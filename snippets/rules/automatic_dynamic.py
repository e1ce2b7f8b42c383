import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def scale(x, n):
    return x * n


def loop(x, n):
    for _ in range(n):
        x = x + 1
    return x


def branch(x, n):
    return x * 2 if n > 3 else x + 1


def size_branch(x, n):
    return x * 2 if x.shape[0] > 3 else x + 1


def calls(fn, values, make):
    torch._dynamo.reset()
    graphs.clear()
    compiled = torch.compile(fn, backend=counting_backend)
    counts = []
    for v in values:
        compiled(*make(v))
        counts.append(len(graphs))
    return counts


kinds = {
    "a Python int": lambda v, dtype: (torch.ones(3, dtype=dtype), v),
    "a Python float": lambda v, dtype: (torch.ones(3, dtype=dtype), v + 0.5),
    "x.shape[0]": lambda v, dtype: (torch.ones(v, dtype=dtype), 2),
    "x.shape[1] of a 2-d x": lambda v, dtype: (torch.ones(2, v, dtype=dtype), 2),
    "x.shape[0], x requires grad": lambda v, dtype: (torch.ones(v, dtype=dtype, requires_grad=True), 2),
}
cases = 0
for name, make in kinds.items():
    for dtype in (torch.float32, torch.float64):
        for values in ([2, 3, 4, 5, 6, 7], [5, 2, 9, 3, 8, 4]):
            counts = calls(scale, values, lambda v: make(v, dtype))
            assert counts == [1, 2, 2, 2, 2, 2], (name, dtype, counts)
            cases += 1
print(f"{cases} runs of 6 distinct values ({len(kinds)} kinds, float32 and float64): graphs after each call 1, 2, 2, 2, 2, 2")

counts = calls(scale, [2, 3, 4, 1, 0, 5], lambda v: (torch.ones(v), 2))
assert counts == [1, 2, 2, 3, 4, 4], counts
print(f"sizes 2, 3, 4, 1, 0, 5: graphs {counts} (0 and 1 compile their own)")
counts = calls(loop, [2, 3, 4, 5, 6], lambda v: (torch.ones(3), v))
assert counts == [1, 2, 3, 4, 5], counts
print(f"range(n) loop, n = 2, 3, 4, 5, 6: graphs {counts} (one for each n)")
for fn, make, label in (
    (branch, lambda v: (torch.ones(3), v), "if n > 3"),
    (size_branch, lambda v: (torch.ones(v), 2), "if x.shape[0] > 3"),
):
    counts = calls(fn, [2, 3, 4, 2, 5, 3, 6], make)
    assert counts == [1, 2, 3, 3, 3, 3, 3], (label, counts)
    print(f"{label}, values 2, 3, 4, 2, 5, 3, 6: graphs {counts} (one more the first time the if takes its other side)")



def sum_over(x, n):
    return x.sum(dim=n)


def dropout(x, p):
    return torch.nn.functional.dropout(x, p=p)


for fn, values, expected, label in (
    (sum_over, [0, 1, 2, 0, 1], [1, 2, 3, 3, 3], "x.sum(dim=n)"),
    (dropout, [0.1, 0.2, 0.3, 0.4], [1, 2, 3, 4], "dropout(x, p)"),
):
    counts = calls(fn, values, lambda v: (torch.ones(2, 3, 4), v))
    assert counts == expected, (label, counts)
    print(f"{label}, values {', '.join(map(str, values))}: graphs {counts} (an argument the operation needs as a constant)")

inputs = {}
for kind, values in (("int", [2, 3, 4]), ("float", [2.5, 3.5, 4.5])):
    calls(scale, values, lambda v: (torch.ones(3), v))
    n = [node for node in graphs[-1].graph.nodes if node.op == "placeholder"][-1]
    inputs[kind] = n.meta["example_value"]
assert isinstance(inputs["int"], torch.SymInt), inputs
assert isinstance(inputs["float"], torch.Tensor) and inputs["float"].dim() == 0, inputs
print("after the value changes, the graph takes n as: an int, a torch.SymInt; a float, a 0-d tensor")


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.n = 2

    def forward(self, x):
        return x * self.n


n_global = 2


def scale_by_global(x):
    return x * n_global


module = Scale()


def set_attribute(v):
    module.n = v
    return (torch.ones(3),)


counts = calls(module, [2, 3, 4, 5, 6], set_attribute)
assert counts == [1, 2, 3, 4, 5], counts
print(f"an int stored on the module, self.n = 2, 3, 4, 5, 6: graphs {counts} (one for each value)")


def set_global(v):
    global n_global
    n_global = v
    return (torch.ones(3),)


counts = calls(scale_by_global, [2, 3, 4, 5, 6], set_global)
assert counts == [1, 2, 3, 4, 5], counts
print(f"an int global, n_global = 2, 3, 4, 5, 6: graphs {counts} (one for each value)")
sizes = [(3, torch.float32), (4, torch.float32), (6, torch.float64), (7, torch.float64)]
counts = calls(scale, sizes, lambda v: (torch.ones(v[0], dtype=v[1]), 2))
assert counts == [1, 2, 3, 3], counts
print(f"sizes 3, 4 in float32, then 6, 7 in float64: graphs {counts} (the float64 graph starts with a symbol)")
