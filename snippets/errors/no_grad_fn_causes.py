import torch
from torch import nn


@torch.no_grad()
def forward(model, x):
    return model(x).sum()


model, x = nn.Linear(2, 1), torch.ones(1, 2)
with torch.inference_mode():
    in_inference = model(x).sum()
losses = {"@torch.no_grad() on the forward function": forward(model, x), "inside inference_mode()": in_inference}
model.requires_grad_(False)
losses["every parameter frozen"] = model(x).sum()
for name, loss in losses.items():
    try:
        loss.backward()
    except RuntimeError as e:
        print(f"{name}: RuntimeError: {e}")

loss = model(x).sum().requires_grad_()  # (1)!
loss.backward()
print(f"requires_grad_() on the loss: no error, and weight.grad = {model.weight.grad}")
