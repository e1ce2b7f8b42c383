import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()

with torch.no_grad():  # (1)!
    w -= 0.1 * w.grad
w.grad = None  # (2)!
print(f"torch.no_grad():  w = {w}, w.is_leaf = {w.is_leaf}")  # (3)!

w_opt = torch.tensor([1.0, 2.0], requires_grad=True)
optimizer = torch.optim.SGD([w_opt], lr=0.1)
loss = (w_opt**2).sum()
loss.backward()
optimizer.step()  # (4)!
optimizer.zero_grad()
print(f"optimizer.step(): w = {w_opt}, w.is_leaf = {w_opt.is_leaf}")
