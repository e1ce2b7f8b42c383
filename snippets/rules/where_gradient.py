import torch

torch.manual_seed(0)
dtypes = [torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64]
shapes = {
    "same shapes": ((2, 3), (2, 3), (2, 3)),
    "b broadcast": ((2, 3), (2, 3), (3,)),
    "condition broadcast": ((3,), (2, 3), (2, 3)),
    "a is a scalar tensor": ((2, 3), (), (2, 3)),
}
cases = 0
for dtype in dtypes:
    for name, (c_shape, a_shape, b_shape) in shapes.items():
        for all_same in (None, True, False):
            cond = torch.rand(c_shape) > 0.5 if all_same is None else torch.full(c_shape, all_same)
            a = torch.randn(a_shape, dtype=dtype, requires_grad=True)
            b = torch.randn(b_shape, dtype=dtype, requires_grad=True)
            out = torch.where(cond, a * 1, b * 1)
            upstream = torch.randn(out.shape, dtype=dtype)
            out.backward(upstream)
            zero = torch.zeros((), dtype=dtype)
            want_a = torch.where(cond, upstream, zero).sum_to_size(a_shape)
            want_b = torch.where(cond, zero, upstream).sum_to_size(b_shape)
            assert torch.equal(a.grad, want_a) and torch.equal(b.grad, want_b), (dtype, name, all_same)
            cases += 1
print(f"{cases} cases ({len(dtypes)} dtypes, broadcasting, condition all true or all false):")
print("each branch gets the incoming gradient where it was chosen and 0 elsewhere")

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
torch.where(x > 0, x * 2, x + 1).backward(torch.ones(3))
assert x.grad.tolist() == [2.0, 1.0, 2.0]
print(f"both branches use x: x.grad = {x.grad} (the chosen branch's derivative, element by element)")
x = torch.ones(3, requires_grad=True)
y = torch.where(torch.tensor([True, False, True]), x * 2, 0.0)
y.sum().backward()
assert x.grad.tolist() == [2.0, 0.0, 2.0]
print(f"a Python number as a branch: x.grad = {x.grad}")
