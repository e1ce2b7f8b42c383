import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
received = []


def report(grad):
    print(f"gradient flowing into h: {grad}")  # (1)!
    received.append(grad)


handle = h.register_hook(report)

y = h**2
y.retain_grad()  # (2)!
loss = y.sum()
loss.backward()

print(f"y.grad = {y.grad}")
print(f"x.grad = {x.grad}")
handle.remove()  # (3)!
