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
