import warnings

import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64]


def nan_in_backward(dtype):
    w = torch.tensor([-1.0, 1.0], dtype=dtype, requires_grad=True)
    return torch.sqrt(w).sum(), "SqrtBackward0", "torch.sqrt(w).sum()"


def nan_from_forward(dtype):
    w = torch.tensor([-1.0, 1.0], dtype=dtype, requires_grad=True)
    return (torch.sqrt(w.detach()) * w).sum(), "MulBackward0", "(torch.sqrt(w.detach()) * w).sum()"


def inf_in_backward(dtype):
    w = torch.tensor([0.0, 1.0], dtype=dtype, requires_grad=True)
    return torch.sqrt(w).sum(), None, None


def changed_in_place(dtype):
    x = torch.tensor([1.0, 2.0], dtype=dtype, requires_grad=True)
    a = x.exp()
    b = a * x
    a.add_(1)
    return b.sum(), "MulBackward0", "b = a * x"


cases = {
    "backward returns nan": (nan_in_backward, True),
    "nan made in the forward pass": (nan_from_forward, True),
    "backward returns inf": (inf_in_backward, False),
    "saved tensor changed in place": (changed_in_place, True),
}

count = 0
for dtype in dtypes:
    for name, (make, fails) in cases.items():
        for check_nan in [True, False]:
            with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly(check_nan=check_nan):
                warnings.simplefilter("always")
                total, node, line = make(dtype)
                forward_warnings = len(caught)
                try:
                    total.backward()
                    error = None
                except RuntimeError as e:
                    error = str(e)
            expected = fails and (check_nan or name == "saved tensor changed in place")
            assert (error is not None) == expected, (dtype, name, check_nan)
            assert forward_warnings == 1
            reports = [str(w.message) for w in caught[1:]]
            if expected:
                if "nan" in name:
                    assert error.startswith(f"Function '{node}' returned nan values"), error
                assert len(reports) == 1 and reports[0].startswith(f"Error detected in {node}.")
                code = [text.strip() for text in reports[0].splitlines() if text.startswith("    ")]
                assert line in code[-1], reports[0]
            else:
                assert reports == []
            count += 1
print(f"{count} cases ({len(dtypes)} dtypes, {len(cases)} programs, check_nan=True/False):")
print("  the nan the forward pass made raised only once MulBackward0 returned nan")
print("  an inf from the backward pass raised nothing; check_nan=False let every nan through")
print("  each failure came with one warning naming the node and ending at its forward line")
w = torch.tensor([-1.0, 1.0], requires_grad=True)
total = torch.sqrt(w).sum()
with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly():
    warnings.simplefilter("always")
    try:
        total.backward()
    except RuntimeError as e:
        error = str(e)
reports = [str(w.message) for w in caught[1:]]
assert error.startswith("Function 'SqrtBackward0' returned nan values")
assert len(reports) == 1 and reports[0].startswith("Error detected in SqrtBackward0. No forward pass information available.")
print("forward pass outside detect_anomaly(), backward inside: it still raised, and the warning said")
print(f"  {reports[0].split('.')[0]}. {reports[0].split('.')[1].strip()}.")
torch.autograd.set_detect_anomaly(True)
print(f"after set_detect_anomaly(True): is_anomaly_enabled() = {torch.is_anomaly_enabled()}")
torch.autograd.set_detect_anomaly(False)
print(f"after set_detect_anomaly(False): is_anomaly_enabled() = {torch.is_anomaly_enabled()}")
