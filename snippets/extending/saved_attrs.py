import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
z = x * w
print(f"MulBackward0 saved x: {z.grad_fn._saved_self is x}, saved w: {z.grad_fn._saved_other is w}")  # (1)!

y = x.exp()
saved = y.grad_fn._saved_result  # (2)!
print(f"ExpBackward0 saved its result: equal to y: {torch.equal(saved, y)}, same storage: {saved.data_ptr() == y.data_ptr()}")

y.sum().backward()
try:
    y.grad_fn._saved_result  # (3)!
except RuntimeError as e:
    print(f"after backward: RuntimeError: {str(e).split(' (')[0]}")
