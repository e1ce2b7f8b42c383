import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=counting_backend)
def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x + 1


x_pos = torch.tensor([1.0, -2.0, 3.0])
x_neg = torch.tensor([-1.0, 2.0, -3.0])
for x in (x_pos, x_pos, x_neg, x_neg):
    dynamic_branch(x)
n_graphs = len(graphs)
print(n_graphs)
