import torch

graphs = []


def counting_backend(gm, example_inputs):  # (1)!
    graphs.append(gm)
    return gm.forward


def scale(x, double):
    if double:  # (2)!
        return x * 2
    return x + 1


compiled = torch.compile(scale, backend=counting_backend)
x = torch.tensor([1.0, -2.0, 3.0])
for double in (True, True, False, True):
    out = compiled(x, double)
    print(f"double={double!s:5}: {out}, graphs compiled so far: {len(graphs)}")  # (3)!

n_graphs = len(graphs)
for number, graph in enumerate(graphs, 1):
    print(f"--- graph {number} ---")
    print(graph.code.strip())  # (4)!
