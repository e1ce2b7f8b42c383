import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
product = x * y  # (1)!
product.backward()
try:
    product.backward()
except RuntimeError as e:
    print(f"x * y, backward twice: RuntimeError: {str(e).split('. ')[0]}")  # (2)!
print(f"the node is still there: {product.grad_fn.name()}")  # (3)!

once_more = x * y
torch.autograd.grad(once_more, x, create_graph=True)  # (4)!
torch.autograd.grad(once_more, x)
print("x * y with create_graph=True: differentiated twice, no error")

c = torch.tensor(5.0)
scaled = x * c  # (5)!
print(f"x * c saved c, which needs no gradient: {scaled.grad_fn._saved_other is c}")
