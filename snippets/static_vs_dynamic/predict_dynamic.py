import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=counting_backend)
def double(x):
    return x * 2


for size in (3, 4, 5):
    double(torch.ones(size))
for size in (6, 7):
    double(torch.ones(size, dtype=torch.float64))
double(torch.ones(1))
n_graphs = len(graphs)
print(n_graphs)
