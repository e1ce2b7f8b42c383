import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
total = a + b  # (1)!
total.backward()
total.backward()
print(f"a + b, backward twice: a.grad = {a.grad}")

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
product = x * y  # (2)!
product.backward()
try:
    product.backward()
except RuntimeError as e:
    print(f"x * y, backward twice: RuntimeError: {str(e).split('. ')[0]}")  # (3)!
print(f"the node is still there: {product.grad_fn.name()}")  # (4)!

again = x * y
again.backward(retain_graph=True)  # (5)!
again.backward()
print("x * y with retain_graph=True: backward twice works")

once_more = x * y
torch.autograd.grad(once_more, x, create_graph=True)  # (6)!
torch.autograd.grad(once_more, x)
print("x * y with create_graph=True: differentiated twice, no error")
