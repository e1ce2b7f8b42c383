import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2
y.backward(gradient=torch.ones_like(y))  # (1)!
print(f"y.backward(gradient=ones_like(y)): x.grad = {x.grad}")
x.grad = None
(x**2).sum().backward()
print(f"(x**2).sum().backward():          x.grad = {x.grad}")

x.grad = None
grads = torch.autograd.grad((x**2).sum(), x)  # (2)!
print(f"autograd.grad returned a {type(grads).__name__} of {len(grads)}: {grads[0]}")
print(f"x.grad afterwards: {x.grad}")
