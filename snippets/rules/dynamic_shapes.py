import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def double(x):
    return x * 2


def graphs_after_each_call(sizes, dim, ndim, mark=False, **options):
    torch._dynamo.reset()
    graphs.clear()
    compiled = torch.compile(double, backend=counting_backend, **options)
    counts = []
    for size in sizes:
        shape = [3] * ndim
        shape[dim] = size
        x = torch.ones(shape)
        if mark:
            torch._dynamo.mark_dynamic(x, dim)
        compiled(x)
        counts.append(len(graphs))
    return counts


settings = {
    "default (dynamic=None)": ({}, False, [1, 2, 2, 2, 2]),
    "dynamic=True": ({"dynamic": True}, False, [1, 1, 1, 1, 1]),
    "dynamic=False": ({"dynamic": False}, False, [1, 2, 3, 4, 5]),
    "mark_dynamic(x, dim)": ({}, True, [1, 1, 1, 1, 1]),
    "mark_dynamic(x, dim), dynamic=False": ({"dynamic": False}, True, [1, 1, 1, 1, 1]),
}
cases = 0
for name, (options, mark, expected) in settings.items():
    for ndim in (1, 2, 3):
        for dim in range(ndim):
            for sizes in ([2, 3, 4, 5, 6], [6, 2, 5, 3, 4]):
                counts = graphs_after_each_call(sizes, dim, ndim, mark, **options)
                assert counts == expected, (name, ndim, dim, counts)
                cases += 1
    print(f"{name:36} graphs after each of 5 sizes: {expected}")
print(f"{cases} runs (the size of any dim of a 1-, 2- or 3-d tensor)")

for name, (options, mark, _) in settings.items():
    if name != "dynamic=False":
        counts = graphs_after_each_call([2, 3, 1, 0, 4], 0, 1, mark, **options)
        assert counts[2:] == [counts[1] + 1, counts[1] + 2, counts[1] + 2], (name, counts)
print("sizes 1 and 0 still compile a graph each, in every setting")
