import torch
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
xs, ys = torch.randn(4, 3), torch.randn(4, 1)
params = {k: v.detach() for k, v in model.named_parameters()}  # (1)!


def loss(p, x, y):
    return ((functional_call(model, p, (x,)) - y) ** 2).mean()  # (2)!


per_sample = vmap(grad(loss), in_dims=(None, 0, 0))(params, xs, ys)  # (3)!
print({k: tuple(g.shape) for k, g in per_sample.items()})

loop = []
for x, y in zip(xs, ys):
    model.zero_grad()
    loss(dict(model.named_parameters()), x, y).backward()
    loop.append(model.weight.grad.clone())
diff = (per_sample["weight"] - torch.stack(loop)).abs().max().item()
print(f"largest difference from a loop of backward(): {diff:.6f}")
