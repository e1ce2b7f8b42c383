import torch
import torch.nn.functional as F

points = [
    ("torch.relu(x)", torch.relu, 0.0),
    ("x.abs()", torch.abs, 0.0),
    ("x.sign()", torch.sign, 0.0),
    ("x.round()", torch.round, 0.5),
    ("x.clamp(0, 1)", lambda x: x.clamp(0, 1), 0.0),
    ("x.clamp(0, 1)", lambda x: x.clamp(0, 1), 1.0),
    ("F.hardtanh(x)", F.hardtanh, 1.0),
    ("x.sqrt()", torch.sqrt, 0.0),
]
grads = []
for code, f, at in points:
    x = torch.tensor(at, requires_grad=True)
    y = f(x)
    y.backward()
    grads.append(x.grad.item())
    print(f"{code:15} at x = {at}: y = {y.item():.4f}, dy/dx = {grads[-1]}")  # (1)!

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
torch.maximum(a, b).backward()  # (2)!
print(f"torch.maximum(a, b) at a = b = 1: a.grad = {a.grad.item()}, b.grad = {b.grad.item()}")

v = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
v.max().backward()
tie = v.grad.tolist()
print(f"v.max() with a tie: v.grad = {tie}")
v.grad = None
v.max(dim=0).values.backward()  # (3)!
print(f"v.max(dim=0):       v.grad = {v.grad.tolist()}")

x = torch.tensor(0.0, requires_grad=True)
y = x.sqrt() * 0  # (4)!
y.backward()
nan_grad = x.grad.item()
print(f"x.sqrt() * 0 at x = 0: y = {y.item()}, dy/dx = {nan_grad}")

z = torch.zeros(2, requires_grad=True)
(z * z).sum().sqrt().backward()
print(f"sqrt(sum(z * z)) at z = 0: z.grad = {z.grad.tolist()}")
z.grad = None
z.norm().backward()  # (5)!
print(f"z.norm() at z = 0:         z.grad = {z.grad.tolist()}")
