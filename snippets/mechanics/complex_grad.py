import torch


def loss_fn(z):
    return (z.abs() ** 2).sum()


z = torch.tensor([1 + 2j, -0.5 + 0.25j], dtype=torch.complex128, requires_grad=True)
loss = loss_fn(z)  # (1)!
loss.backward()
print(f"loss: {loss.dtype}, z.grad = {z.grad}, 2z = {2 * z.detach()}")

eps = 1e-6
zd = z.detach()
for k in range(2):
    e = torch.zeros_like(zd)
    e[k] = eps
    d_re = (loss_fn(zd + e) - loss_fn(zd - e)) / (2 * eps)  # (2)!
    d_im = (loss_fn(zd + 1j * e) - loss_fn(zd - 1j * e)) / (2 * eps)
    print(f"z[{k}]: ∂L/∂x + i·∂L/∂y = {d_re:.4f} + {d_im:.4f}i")

try:
    (z * z).sum().backward()  # (3)!
except RuntimeError as e:
    print(f"RuntimeError: {e}")
