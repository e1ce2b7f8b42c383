import warnings

import torch

conditions = {
    "if x.sum() > 0": lambda x: x.sum() > 0,
    "if (x > 2).any()": lambda x: (x > 2).any(),
    "if x[0].item() > 0": lambda x: x[0].item() > 0,
}


def branch(condition):
    return lambda x: x * 2 if condition(x) else x + 1


def doublings(x):
    n = 0
    while x.abs().sum() < 10:
        x, n = x * 2, n + 1
    return n


def while_loop(x):
    while x.abs().sum() < 10:
        x = x * 2
    return x


cases = []
for name, condition in conditions.items():
    cases.append((name, branch(condition), lambda ex, x, c=condition: x * 2 if c(ex) else x + 1))
cases.append(("while x.abs().sum() < 10", while_loop, lambda ex, x: x * 2 ** doublings(ex)))

inputs = [
    torch.tensor([1.0, -2.0, 3.0]),
    torch.tensor([-1.0, 2.0, -3.0]),
    torch.tensor([0.5, 0.25, 0.5]),
    torch.tensor([3.0, 3.0, 4.0]),
]
count = wrong = 0
for name, fn, example_path in cases:
    for dtype in (torch.float32, torch.float64):
        for example in inputs:
            example = example.to(dtype)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                traced = torch.jit.trace(fn, (example,), check_trace=False)
            assert any(w.category is torch.jit.TracerWarning for w in caught), name
            for x in inputs:
                x = x.to(dtype)
                with warnings.catch_warnings(record=True) as at_call:
                    warnings.simplefilter("always")
                    got = traced(x)
                assert not at_call
                assert torch.equal(got, example_path(example, x)), (name, example, x)
                count += 1
                wrong += not torch.equal(got, fn(x))
print(f"{count} calls of {len(cases) * 2 * len(inputs)} traced functions ({len(cases)} kinds of control flow, 2 dtypes):")
print("each traced with a TracerWarning, each call replays the example's path without a warning")
print(f"{wrong} of the {count} results differ from eager, silently")
