import torch

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
modes = {"default": torch.enable_grad, "no_grad()": torch.no_grad}

cases = 0
for dtype in dtypes:
    for mode_name, mode in modes.items():
        x = torch.ones(4, 3, dtype=dtype, requires_grad=True)
        sources = {"leaf": x, "x * 2": x * 2, "x.t() (a view)": x.t(), "x[1:] (a view)": x[1:], "x.exp()": x.exp()}
        for name, t in sources.items():
            node = t.grad_fn
            with mode():
                d = t.detach()
            assert not d.requires_grad and d.grad_fn is None and d.is_leaf, (dtype, mode_name, name)
            assert d is not t and t.grad_fn is node, (dtype, mode_name, name)
            assert d.data_ptr() == t.data_ptr() and d.stride() == t.stride(), (dtype, mode_name, name)
            before = t._version
            with torch.no_grad():
                d.mul_(2)
            assert t._version == d._version == before + 1, (dtype, mode_name, name)
            assert torch.equal(t, d), (dtype, mode_name, name)
            cases += 1
print(f"{cases} detaches: each a new leaf without grad_fn, on the same storage and version counter")
print("the original keeps its grad_fn; an in-place change through the copy shows in the original")
