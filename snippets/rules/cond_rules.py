import re

import torch


def double(x):
    return x * 2


def add_one(x):
    return x + 1


x = torch.tensor([1.0, -2.0, 3.0])
accepted = 0
for value in (True, False):
    predicates = [value, int(value)]
    for shape in [(), (1,), (1, 1)]:
        for dtype in (torch.bool, torch.int64, torch.float32):
            predicates.append(torch.full(shape, value, dtype=dtype))
    for pred in predicates:
        want = double(x) if value else add_one(x)
        assert torch.equal(torch.cond(pred, double, add_one, (x,)), want)
        accepted += 1
refused = 0
for shape in [(2,), (3,), (2, 1)]:
    try:
        torch.cond(torch.ones(shape, dtype=torch.bool), double, add_one, (x,))
    except RuntimeError as e:
        assert "single-element" in str(e)
        refused += 1
assert refused == 3
print(f"predicates: {accepted} accepted (bool, int; tensors of shape (), (1,), (1, 1) in bool, int64, float32),")
print(f"{refused} refused (tensors of 2 or 3 elements)")


def reason(e):
    found = re.search(r"expected same \w+|Unmatched output spec|sorted order of strides|aliasing", str(e))
    return found.group(0) if found else str(e).splitlines()[0]


branches = {
    "same shape and dtype": lambda x: x * 3,
    "another size": lambda x: x[:1] * 2,
    "another dtype (float64)": lambda x: (x * 2).double(),
    "another dtype (float16)": lambda x: (x * 2).half(),
    "another dtype (int64)": lambda x: (x * 2).long(),
    "another number of dims": lambda x: (x * 2).sum(),
    "two outputs": lambda x: (x * 2, x * 3),
    "another stride order (x of 2 x 2, transposed)": lambda x: (x * 2).t(),
    "the input itself": lambda x: x,
    "a view of the input": lambda x: x[:],
}
inputs = {"another stride order (x of 2 x 2, transposed)": torch.tensor([[1.0, -2.0], [3.0, 4.0]])}
for name, true_fn in branches.items():
    results = set()
    for requires_grad in (False, True):
        for value in (True, False):
            xx = inputs.get(name, x).clone().requires_grad_(requires_grad)
            try:
                out = torch.cond(torch.tensor(value), true_fn, add_one, (xx,))
            except Exception as e:
                results.add(f"refused: {reason(e)}")
                continue
            if not requires_grad:
                results.add("forward ok")
                continue
            try:
                out.sum().backward()
                results.add("backward ok")
            except RuntimeError as e:
                results.add(f"backward fails: {reason(e)}")
    if name == "same shape and dtype":
        assert results == {"forward ok", "backward ok"}
    elif name == "another size":
        assert results == {"forward ok", "backward fails: shape '[1]' is invalid for input of size 3",
                           "backward fails: shape '[3]' is invalid for input of size 1"}
    elif name in ("the input itself", "a view of the input"):
        assert results == {"refused: aliasing"}, (name, results)
    elif name.startswith("another stride order"):
        assert results == {"refused: sorted order of strides"}, (name, results)
    else:
        assert len(results) == 1 and next(iter(results)).startswith("refused"), (name, results)
    print(f"true branch {name}: {'; '.join(sorted(r for r in results if 'shape' not in r or '[1]' in r))}")
