import warnings

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, container):
        super().__init__()
        self.container = container
        self.layers = {"ModuleDict": nn.ModuleDict(), "ModuleList": nn.ModuleList(), "dict": {}, "list": [],
                       "attribute": None}[container]

    def forward(self, x):
        n = x.shape[-1]
        if self.container == "attribute":
            if not hasattr(self, f"layer{n}"):
                setattr(self, f"layer{n}", nn.Linear(n, 1))
            return getattr(self, f"layer{n}")(x)
        if isinstance(self.layers, (dict, nn.ModuleDict)):
            if str(n) not in self.layers:
                self.layers[str(n)] = nn.Linear(n, 1)
            return self.layers[str(n)](x)
        if not any(layer.in_features == n for layer in self.layers):
            self.layers.append(nn.Linear(n, 1))
        return next(layer for layer in self.layers if layer.in_features == n)(x)


registered, not_registered = [], []
for container in ("ModuleDict", "ModuleList", "attribute", "dict", "list"):
    for convert, dtype in ((nn.Module.double, torch.float64), (nn.Module.half, torch.float16),
                           (lambda m: m.to(torch.bfloat16), torch.bfloat16)):
        model = Net(container)
        model(torch.ones(2, 3))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1) if container in ("ModuleDict", "ModuleList", "attribute") else None
        convert(model)
        model(torch.ones(2, 5))
        params = list(model.parameters())
        keys = list(model.state_dict())
        if container in ("dict", "list"):
            assert params == [] and keys == [], container
            not_registered.append(container)
            continue
        assert len(params) == 4 and len(keys) == 4
        assert [p.dtype for p in params] == [dtype] * 2 + [torch.float32] * 2, container
        in_optimizer = {id(p) for group in optimizer.param_groups for p in group["params"]}
        assert [id(p) in in_optimizer for p in params] == [True, True, False, False]
        fresh = Net(container)
        try:
            fresh.load_state_dict(model.state_dict())
            raise AssertionError("load_state_dict accepted layers the new model has not built")
        except RuntimeError as e:
            assert "Unexpected key(s)" in str(e)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            result = fresh.load_state_dict(model.state_dict(), strict=False)
        assert result.unexpected_keys == keys and result.missing_keys == [] and list(fresh.state_dict()) == []
        fresh(torch.ones(1, 3))
        fresh(torch.ones(1, 5))
        fresh.load_state_dict(model.state_dict())
        registered.append(container)
print(f"registered ({', '.join(dict.fromkeys(registered))}), {len(registered)} cases:")
print("  .double(), .half(), .to(bfloat16) convert only the layers already built;")
print("  an optimizer created earlier does not hold a layer built later;")
print("  load_state_dict into a new model raises Unexpected key(s) until it has built the same layers;")
print("  with strict=False it raises and warns nothing, skips those keys and returns them in unexpected_keys")
print(f"not registered ({', '.join(dict.fromkeys(not_registered))}): no parameters, empty state_dict")

model = Net("ModuleDict")
with torch.no_grad():
    model(torch.ones(2, 3))
with torch.inference_mode():
    model(torch.ones(2, 5))
model(torch.ones(2, 3, requires_grad=True)).sum().backward()
assert model.layers["3"].weight.grad is not None and not model.layers["3"].weight.is_inference()
weight = model.layers["5"].weight
assert weight.is_inference() and weight.requires_grad
model(torch.ones(2, 5)).sum().backward()  # the data needs no gradient: nothing saves the weight
assert weight.grad is None and model.layers["5"].bias.grad is not None
try:
    model(torch.ones(2, 5, requires_grad=True)).sum().backward()  # now the weight is saved for the input's gradient
    raise AssertionError("a recorded operation saved an inference tensor")
except RuntimeError as e:
    refused = str(e).split(". ")[0]
print("built inside no_grad(): trained like the others; built inside inference_mode(): inference-tensor parameters")
print("  that require grad; with an input that needs no gradient, backward() gave the weight no .grad (the bias")
print(f"  got one), and with an input that requires one, the forward pass raised RuntimeError: {refused}")
