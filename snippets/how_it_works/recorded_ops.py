import torch

x = torch.tensor([0.4, 1.6, -2.5], requires_grad=True)

results = {
    "x * 2": x * 2,
    "torch.round(x)": torch.round(x),  # (1)!
    "torch.sign(x)": torch.sign(x),
    "x > 0": x > 0,  # (2)!
    "x.argmax()": x.argmax(),
    "x.long()": x.long(),
    "torch.zeros_like(x)": torch.zeros_like(x),  # (3)!
    "torch.histc(x)": torch.histc(x),  # (4)!
}
for code, r in results.items():
    node = r.grad_fn.name() if r.grad_fn is not None else None
    print(f"{code:20} {str(r.dtype):14} requires_grad={r.requires_grad!s:5} grad_fn={node}")

round_node = results["torch.round(x)"].grad_fn.name()
results["torch.round(x)"].sum().backward()
print(f"gradient through round: {x.grad}")  # (5)!

with torch.no_grad():
    print(f"x * 2 under no_grad(): grad_fn={(x * 2).grad_fn}")  # (6)!

a = torch.tensor(2.0, requires_grad=True)
g = torch.igamma(a, torch.tensor(1.0))  # (7)!
igamma_node = g.grad_fn.name()
print(f"torch.igamma(a, 1.0): grad_fn={igamma_node}")
try:
    g.backward()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
