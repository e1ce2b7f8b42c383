import gc
import warnings
import weakref
from collections import Counter

import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
weights = [torch.randn(32, 32, requires_grad=True) for _ in range(4)]
x = torch.randn(8, 32, requires_grad=True)


made = []


def block(h):
    for w in weights:
        z = h @ w
        h = torch.tanh(z)
        made.extend([weakref.ref(z), weakref.ref(h)])  # (1)!
    return h


def run(name, forward):
    made.clear()
    loss = forward(x).square().sum()
    gc.collect()
    alive = [t for t in (ref() for ref in made) if t is not None]
    n_bytes = sum(t.untyped_storage().nbytes() for t in alive)
    print(f"{name + ':':<12}intermediate results {len(made)}, still in memory {len(alive)}, bytes {n_bytes}")
    return torch.autograd.grad(loss, [x, *weights]), [len(made), len(alive), n_bytes]


plain, plain_kept = run("plain", block)
checkpointed, checkpointed_kept = run("checkpoint", lambda h: checkpoint(block, h, use_reentrant=False))  # (2)!
same = all(torch.equal(a, b) for a, b in zip(plain, checkpointed))  # (3)!
print(f"same gradients: {same}")

loss = block(x).square().sum()
savers, stack, seen = {}, [loss.grad_fn], set()
while stack:  # every node of the plain graph, and the intermediate results it saved
    node = stack.pop()
    if node is None or node in seen:
        continue
    seen.add(node)
    stack += [next_node for next_node, _ in node.next_functions]
    for name in dir(node):
        saved = getattr(node, name) if name.startswith("_saved_") else None
        if isinstance(saved, torch.Tensor) and not any(saved is p for p in [x, *weights]):
            savers.setdefault(saved.untyped_storage().data_ptr(), []).append(node.name())
savers = Counter(" and ".join(sorted(names)) for names in savers.values())
print("plain, saved by:", ", ".join(f"{names} ×{n}" for names, n in sorted(savers.items())))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpoint(block, x)
print(f"use_reentrant left out: {caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}")
