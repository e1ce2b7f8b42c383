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
            if training:  # normalised with the batch's statistics, else with the running ones (still 0 and 1)
                mean, var = x.mean(0), x.var(0, unbiased=False)
            else:
                mean, var = torch.zeros(3, dtype=dtype), torch.ones(3, dtype=dtype)
            assert torch.allclose(outs[1], (x - mean) / (var + bn1.eps).sqrt(), rtol=1e-4, atol=1e-5), (
                dtype,
                training,
                mode_name,
            )
            for bn in (bn1, bn2):
                assert bn.num_batches_tracked.item() == int(training), (dtype, training, mode_name)
                assert bool((bn.running_mean != 0).any()) == training, (dtype, training, mode_name)
            cases += 1
print(f"{cases} combinations of train()/eval(), grad mode and dtype")
print("recorded: exactly under the default grad mode, in train() and eval() alike")
print("Dropout random, BatchNorm normalising with the batch's statistics and updating its running ones:")
print("  exactly in train(), in every grad mode; in eval() BatchNorm uses its running statistics")

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

padding = torch.tensor([[False, False, False, True], [False, False, False, False]])
no_record = {k: v for k, v in modes.items() if k != "default"}
zeroed, built = 0, {}
settings = {
    "as below": {},
    "batch_first=False": {"batch_first": False},
    "no src_key_padding_mask": {"mask": False},
    "norm_first=True": {"norm_first": True},
    "enable_nested_tensor=False": {"enable_nested_tensor": False},
    "3 heads": {"nhead": 3},
}
for setting, change in settings.items():
    for nhead in (2, 4) if "nhead" not in change else (change["nhead"],):
        for dtype in dtypes:
            for num_layers in (1, 2):
                batch_first = change.get("batch_first", True)
                src = torch.randn(2, 4, 12, dtype=dtype)
                kwargs = {"src_key_padding_mask": padding} if change.get("mask", True) else {}
                at_pad = (lambda out: out[0, 3]) if batch_first else (lambda out: out.transpose(0, 1)[0, 3])
                if not batch_first:
                    src = src.transpose(0, 1)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    layer = nn.TransformerEncoderLayer(
                        12, nhead, 24, batch_first=batch_first, norm_first=change.get("norm_first", False)
                    ).to(dtype)
                    encoder = nn.TransformerEncoder(
                        layer, num_layers, enable_nested_tensor=change.get("enable_nested_tensor", True)
                    ).eval()
                    assert (at_pad(encoder(src, **kwargs)) != 0).all()
                    for mode in no_record.values():
                        with mode():
                            is_zero = bool((at_pad(encoder(src, **kwargs)) == 0).all())
                        assert is_zero == (setting == "as below"), (setting, nhead, dtype, num_layers)
                zeroed += is_zero
                built[setting] = built.get(setting, 0) + 1
assert zeroed == built["as below"]
print(f"but grad mode changes a few layers: nn.TransformerEncoder in eval(), {sum(built.values())} encoders,")
print("  at a padded position: never 0 while recording; with nothing recorded (its fused inference path),")
print(f"  0 in all {zeroed} built with batch_first=True, 2 or 4 heads and given a src_key_padding_mask,")
print("  0 in none with " + ", ".join(f"{k} ({v})" for k, v in built.items() if k != "as below"))
