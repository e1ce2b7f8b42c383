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
    grads = torch.autograd.grad(loss, [x, *weights])
    print(f"{len(saved)} activations saved, {sum(saved)} bytes")
    return grads


plain = run(block)
checkpointed = run(lambda h: checkpoint(block, h, use_reentrant=False))  # (2)!
print(f"same gradients: {all(torch.equal(a, b) for a, b in zip(plain, checkpointed))}")  # (3)!
