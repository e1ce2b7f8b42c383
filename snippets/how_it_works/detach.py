import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
d = y.detach()  # (1)!
print(f"d: requires_grad={d.requires_grad}, grad_fn={d.grad_fn}, is_leaf={d.is_leaf}")
print("d shares y's storage:", d.data_ptr() == y.data_ptr())  # (2)!

d.zero_()  # (3)!
print(f"after d.zero_(): y = {y}")
print(f"versions: d._version = {d._version}, y._version = {y._version}")  # (4)!
try:
    y.sum().backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
