import warnings

import torch
from torch import nn

dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
shapes = [(), (3,), (2, 3)]


def loss(x):
    s = (x * 3).sum()
    return s.abs() if s.is_complex() else s


cases = 0
for dtype in dtypes:
    for shape in shapes:
        x = torch.full(shape, 2.0, dtype=dtype, requires_grad=True)
        once = None
        for n in range(1, 4):
            loss(x).backward()
            if once is None:
                once = x.grad.clone()
                first = x.grad
            assert torch.equal(x.grad, once * n), (dtype, shape, n)
            assert x.grad is first, (dtype, shape, n)
        x.grad = None
        loss(x).backward()
        assert torch.equal(x.grad, once) and x.grad is not first, (dtype, shape)
        (g,) = torch.autograd.grad(loss(x), x)
        assert torch.equal(x.grad, once), (dtype, shape)
        before = x.grad
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loss(x).backward(create_graph=True)
        assert all("reference cycle" in str(w.message) for w in caught), (dtype, shape)
        assert torch.equal(x.grad, once * 2) and x.grad is not before, (dtype, shape)
        cases += 1
print(f"{cases} leaves ({len(dtypes)} dtypes x {len(shapes)} shapes), 3 backward() calls each: .grad = 1x, 2x, 3x the first, in one tensor")
print("after .grad = None the next backward() starts a new tensor; torch.autograd.grad() leaves .grad alone")
print(f"backward(create_graph=True): the sum in a new tensor, grad_fn={x.grad.grad_fn.name()}")

y = torch.ones(3, requires_grad=True) * 2
y.retain_grad()
z = (y**2).sum()
z.backward(retain_graph=True)
first = y.grad
z.backward()
assert torch.equal(y.grad, torch.full((3,), 8.0)) and y.grad is not first
print(f"a retain_grad() tensor accumulates too, into a new tensor: y.grad = {y.grad.tolist()} after two passes")

model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for zero in (opt.zero_grad, model.zero_grad):
    model(torch.ones(1, 2)).sum().backward()
    zero()
    assert model.weight.grad is None
model(torch.ones(1, 2)).sum().backward()
opt.zero_grad(set_to_none=False)
assert torch.equal(model.weight.grad, torch.zeros(1, 2))
print("optimizer.zero_grad() and module.zero_grad() set .grad to None; set_to_none=False fills it with zeros")
