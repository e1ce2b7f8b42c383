import torch

w = torch.tensor(1.0, requires_grad=True)
for x in [2.0, 3.0]:
    loss = w * x
    loss.backward()
print(w.grad)
