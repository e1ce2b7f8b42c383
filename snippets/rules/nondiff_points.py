import torch
import torch.nn.functional as F

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
one_input = {
    "relu(x) at 0": (torch.relu, 0.0, 0.0),
    "F.relu6(x) at 0": (F.relu6, 0.0, 0.0),
    "F.relu6(x) at 6": (F.relu6, 6.0, 0.0),
    "F.hardtanh(x) at -1": (F.hardtanh, -1.0, 0.0),
    "F.hardtanh(x) at 1": (F.hardtanh, 1.0, 0.0),
    "F.leaky_relu(x, 0.5) at 0": (lambda x: F.leaky_relu(x, 0.5), 0.0, 0.5),
    "x.abs() at 0": (torch.abs, 0.0, 0.0),
    "x.clamp(0, 1) at 0": (lambda x: x.clamp(0, 1), 0.0, 1.0),
    "x.clamp(0, 1) at 1": (lambda x: x.clamp(0, 1), 1.0, 1.0),
    "x.clamp(min=0) at 0": (lambda x: x.clamp(min=0), 0.0, 1.0),
    "x.sign() at 0": (torch.sign, 0.0, 0.0),
    "x.round() at 0.5": (torch.round, 0.5, 0.0),
    "x.floor() at 1": (torch.floor, 1.0, 0.0),
    "x.ceil() at 1": (torch.ceil, 1.0, 0.0),
    "x.norm() at 0": (torch.norm, 0.0, 0.0),
    "vector_norm(x) at 0": (torch.linalg.vector_norm, 0.0, 0.0),
}
two_inputs = {
    "torch.maximum(a, b)": torch.maximum,
    "torch.minimum(a, b)": torch.minimum,
    "torch.max(a, b)": torch.max,
    "torch.min(a, b)": torch.min,
}

cases = 0
found = {}
for dtype in dtypes:
    for shape in [(), (4,)]:
        for name, (f, at, expected) in one_input.items():
            x = torch.full(shape, at, dtype=dtype, requires_grad=True)
            f(x).sum().backward()
            assert torch.equal(x.grad, torch.full(shape, expected, dtype=dtype)), (dtype, shape, name)
            found[name] = expected
            cases += 1
        for name, f in two_inputs.items():
            a = torch.full(shape, 1.0, dtype=dtype, requires_grad=True)
            b = torch.full(shape, 1.0, dtype=dtype, requires_grad=True)
            f(a, b).sum().backward()
            assert torch.equal(a.grad, b.grad) and torch.equal(a.grad, torch.full(shape, 0.5, dtype=dtype)), (dtype, shape, name)
            cases += 1
    for name, reduce in {"x.max()": torch.max, "x.min()": torch.min, "x.amax()": torch.amax}.items():
        x = torch.tensor([1.0, 1.0, 1.0, 1.0], dtype=dtype, requires_grad=True)
        reduce(x).backward()
        assert torch.equal(x.grad, torch.full((4,), 0.25, dtype=dtype)), (dtype, name)
        cases += 1
    x = torch.tensor([1.0, 1.0, 1.0, 1.0], dtype=dtype, requires_grad=True)
    values, index = x.max(dim=0)
    values.backward()
    assert x.grad.sum().item() == 1.0 and x.grad[index].item() == 1.0, dtype
    cases += 1
print(f"{cases} gradients at kinks and ties, 4 dtypes, each the convention below")
for value in sorted(set(found.values())):
    print(f"{value:g}: " + ", ".join(n for n, v in found.items() if v == value))
print("a tie between a and b in maximum/minimum/max/min: 0.5 to each")
print("a tie in x.max()/x.min()/x.amax() over 4 equal elements: 0.25 to each; x.max(dim=0): 1 to the index it returns")
