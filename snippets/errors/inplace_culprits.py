import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.sigmoid()
h += 1  # (1)!
g = x.relu()
g[0] = 0.0  # (2)!
for out in [h, g]:
    try:
        out.sum().backward()
    except RuntimeError as e:
        print(f"RuntimeError: {e}".split(" Hint:")[0])
