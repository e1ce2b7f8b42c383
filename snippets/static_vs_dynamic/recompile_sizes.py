import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def repeat(x, n):
    return x * n


compiled = torch.compile(repeat, backend=counting_backend)
for n in (2, 3, 4, 5):  # (1)!
    compiled(torch.ones(3), n)
    print(f"n={n}: graphs compiled so far: {len(graphs)}")
n_for_int = len(graphs)

for size in (2, 3, 4, 5):  # (2)!
    compiled(torch.ones(size), 2)
    print(f"size={size}: graphs compiled so far: {len(graphs)}")
n_graphs = len(graphs)

print("--- the graph compiled for n=3 ---")
print(graphs[1].code.strip())  # (3)!


def add_n_times(x, n):
    for _ in range(n):  # (4)!
        x = x + 1
    return x


compiled_loop = torch.compile(add_n_times, backend=counting_backend)
for n in (2, 3, 4, 5):
    compiled_loop(torch.ones(3), n)
    print(f"range({n}) loop: graphs compiled so far: {len(graphs)}")
n_loop = len(graphs) - n_graphs
