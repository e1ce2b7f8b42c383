import warnings

import torch
from torch import nn

torch.manual_seed(0)
modes = {
    "default": torch.enable_grad,
    "no_grad()": torch.no_grad,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
    "inference_mode()": torch.inference_mode,
}
dtypes = [torch.float32, torch.float64]
cases = 0
for dtype in dtypes:
    for training in (True, False):
        for mode_name, mode in modes.items():
            drop = nn.Dropout(p=0.5)
            bn1 = nn.BatchNorm1d(3).to(dtype)
            bn2 = nn.BatchNorm2d(3).to(dtype)
            lin = nn.Linear(3, 3).to(dtype)
            for m in (drop, bn1, bn2, lin):
                m.train(training)
            x = torch.randn(4, 3, dtype=dtype) + 1
            with mode():
                a, b = drop(x), drop(x)
                outs = [lin(x), bn1(x), bn2(x.reshape(4, 3, 1, 1)), lin(a)]
            records = mode_name == "default"
            for out in outs:
                assert (out.grad_fn is not None) == records, (dtype, training, mode_name)
            assert torch.equal(a, b) == (not training), (dtype, training, mode_name)
            for bn in (bn1, bn2):
                assert bn.num_batches_tracked.item() == int(training), (dtype, training, mode_name)
                assert bool((bn.running_mean != 0).any()) == training, (dtype, training, mode_name)
            cases += 1
print(f"{cases} combinations of train()/eval(), grad mode and dtype")
print("recorded: exactly under the default grad mode, in train() and eval() alike")
print("Dropout random and BatchNorm's running statistics updated: exactly in train(), in every grad mode")

x = torch.tensor([[1.0, 2.0], [3.0, 6.0]])
layers = [nn.Linear(2, 2), nn.BatchNorm1d(2), nn.Dropout(p=0.5)]
for m in layers:
    m.eval()
    outs = []
    for mode in modes.values():
        with mode():
            outs.append(m(x))
    assert all(torch.equal(o, outs[0]) for o in outs), m
untracked = nn.BatchNorm1d(2, track_running_stats=False).eval()
out = untracked(x)
assert untracked.running_mean is None and torch.allclose(out.abs(), torch.ones(2, 2), rtol=0, atol=1e-4)
print("Linear, BatchNorm1d, Dropout in eval(): the same output in every grad mode")
print(f"BatchNorm1d(track_running_stats=False).eval(): batch statistics still, out[0, 0] = {out[0, 0].item():.4f}")

layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True, dropout=0.0)
encoder = nn.TransformerEncoder(layer, 2, enable_nested_tensor=True).eval()
src = torch.randn(2, 4, 8)
padding = torch.tensor([[False, False, False, True], [False, False, False, False]])
recorded = encoder(src, src_key_padding_mask=padding)
with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    fused = encoder(src, src_key_padding_mask=padding)
assert all("nested tensors" in str(w.message) for w in caught)
assert (recorded[0, 3] != 0).all() and (fused[0, 3] == 0).all()
print("but grad mode changes a few layers: TransformerEncoder in eval() at a padded position")
print("gives nonzero values while recording, 0 under no_grad() (its fused inference path)")
