import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
x = torch.randn(16, 4)
packed = []


def pack(t):  # (1)!
    packed.append(t)
    return t


def unpack(t):  # (2)!
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    loss = model(x).square().mean()
for t in packed:
    print(f"packed {tuple(t.shape)}, storage of {t.untyped_storage().nbytes()} bytes")
n_packed = len(packed)
storages = {t.untyped_storage().data_ptr(): t.untyped_storage().nbytes() for t in packed}  # (3)!
n_storages = len(storages)
n_bytes = sum(storages.values())
print(f"{n_packed} tensors in {n_storages} storages, {n_bytes} bytes")

for pin in (False, True):
    with torch.autograd.graph.save_on_cpu(pin_memory=pin):  # (4)!
        y = model[0].weight.exp()
    saved = y.grad_fn._saved_result
    print(f"save_on_cpu(pin_memory={pin}), a CPU tensor: saved on {saved.device}, same storage: {saved.data_ptr() == y.data_ptr()}")
