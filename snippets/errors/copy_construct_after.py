import torch

w = torch.tensor(2.0, requires_grad=True)
scaled = w * 3  # (1)!
pair = torch.stack([w * 2, w * 3])  # (2)!
(scaled + pair.sum()).backward()
print(f"scaled: {scaled.grad_fn.name()}, pair: {pair.grad_fn.name()}, w.grad = {w.grad}")
