import torch
import torch.nn as nn

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

y = x**2
y.backward(gradient=torch.ones_like(y))  # (1)!
print(f"gradient=ones:          x.grad = {x.grad}")

x.grad = None
y = x**2
y.sum().backward()  # (2)!
print(f".sum().backward():      x.grad = {x.grad}")

x.grad = None
y = x**2
y.backward(gradient=torch.tensor([1.0, 0.0, 0.5]))  # (3)!
print(f"gradient=[1., 0., 0.5]: x.grad = {x.grad}")

x.grad = None
mse = nn.MSELoss()
loss = mse(x, torch.zeros(3))  # (4)!
loss.backward()
print(f"MSELoss (reduction={mse.reduction!r}): loss = {loss.item():.4f}, x.grad = {x.grad}")
