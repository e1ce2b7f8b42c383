import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
weights = [torch.randn(32, 32, requires_grad=True) for _ in range(4)]
x = torch.randn(8, 32, requires_grad=True)


def block(h):
    for w in weights:
        h = torch.tanh(h @ w)
    return h


def run(forward):
    saved = []

    def pack(t):
        if not any(t is p for p in [x, *weights]):  # (1)!
            saved.append(t.numel() * t.element_size())
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = forward(x).square().sum()
    return torch.autograd.grad(loss, [x, *weights]), saved


plain, plain_saved = run(block)
checkpointed, checkpointed_saved = run(lambda h: checkpoint(block, h, use_reentrant=False))  # (2)!
counts = [len(plain_saved), len(checkpointed_saved)]
sizes = [sum(plain_saved), sum(checkpointed_saved)]
print(f"plain:      activations saved: {counts[0]}, {sizes[0]} bytes")
print(f"checkpoint: activations saved: {counts[1]}, {sizes[1]} bytes")
same = all(torch.equal(a, b) for a, b in zip(plain, checkpointed))  # (3)!
print(f"same gradients: {same}")
