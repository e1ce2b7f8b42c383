import logging

import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def double(x):
    return x * 2


def graphs_per_call(mark=False, sizes=(2, 3, 4, 5, 1), **options):
    torch._dynamo.reset()  # (1)!
    graphs.clear()
    compiled = torch.compile(double, backend=counting_backend, **options)
    counts = []
    for size in sizes:
        x = torch.ones(size)
        if mark:
            torch._dynamo.mark_dynamic(x, 0)  # (2)!
        compiled(x)
        counts.append(len(graphs))
    return counts


n_default = graphs_per_call()
n_dynamic = graphs_per_call(dynamic=True)  # (3)!
n_static = graphs_per_call(dynamic=False)  # (4)!
n_marked = graphs_per_call(mark=True)
print("graphs compiled so far, after sizes 2, 3, 4, 5, 1:")
print(f"default (dynamic=None): {n_default}")
print(f"dynamic=True:           {n_dynamic}")
print(f"dynamic=False:          {n_static}")
print(f"mark_dynamic(x, 0):     {n_marked}")
recompile_limit = torch._dynamo.config.recompile_limit
print(f"recompile_limit: {recompile_limit}")  # (5)!


class Collect(logging.Handler):
    def emit(self, record):
        said.append(record.getMessage().splitlines()[0])


said = []
dynamo_log = logging.getLogger("torch._dynamo.convert_frame")
dynamo_log.addHandler(Collect())
dynamo_log.propagate = False  # collected here instead of printed to stderr
n_many = graphs_per_call(sizes=range(2, 13), dynamic=False)
print(f"dynamic=False, sizes 2 to 12: {n_many}")
print(f"Dynamo's warning: {said[0]}")
