import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=counting_backend)
def double(x):
    return x * 2


counts = []
for size, dtype in [
    (3, torch.float32),
    (4, torch.float32),
    (5, torch.float32),
    (6, torch.float64),
    (7, torch.float64),
    (1, torch.float32),
]:
    double(torch.ones(size, dtype=dtype))
    counts.append(len(graphs))
    print(f"size {size}, {dtype}: graphs so far = {counts[-1]}")
n_graphs = len(graphs)
