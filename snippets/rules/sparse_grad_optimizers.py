import warnings

import torch

torch.manual_seed(0)
index = torch.tensor([[1, 4], [4, 7]])
sources = {
    "Embedding(sparse=True)": lambda: torch.nn.Embedding(10, 3, sparse=True),
    "EmbeddingBag(sparse=True)": lambda: torch.nn.EmbeddingBag(10, 3, sparse=True),
}
layouts = set()
for name, make in sources.items():
    for dtype in (torch.float32, torch.float64):
        module = make().to(dtype)
        module(index).sum().backward()
        assert module.weight.grad.layout == torch.sparse_coo, name
        assert module.weight.grad.coalesce().indices().flatten().tolist() == [1, 4, 7], name
        layouts.add(str(module.weight.grad.layout))
dense = torch.nn.Embedding(10, 3)
dense(index).sum().backward()
assert dense.weight.grad.layout == torch.strided
f_emb = torch.nn.Embedding(10, 3)
torch.nn.functional.embedding(index, f_emb.weight, sparse=True).sum().backward()
assert f_emb.weight.grad.layout == torch.sparse_coo
other = torch.tensor([[2, 4]])
uses = {
    "a second lookup": (lambda e, h: e(other).sum(), torch.sparse_coo),
    "an output layer tied to the weight": (lambda e, h: (h @ e.weight.T).logsumexp(-1).sum(), torch.strided),
    "a penalty on the weight": (lambda e, h: 0.01 * e.weight.pow(2).sum(), torch.strided),
}
for use, (extra, layout) in uses.items():
    for dtype in (torch.float32, torch.float64):
        emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
        h = emb(index)
        (h.sum() + extra(emb, h)).backward()
        assert emb.weight.grad.layout == layout, use
        if layout == torch.strided:
            try:
                torch.optim.SparseAdam(emb.parameters()).step()
                raise AssertionError(use)
            except RuntimeError as e:
                assert "does not support dense gradients" in str(e), use

accepted = {
    "SGD": {},
    "SGD momentum=0.9": {"momentum": 0.9},
    "SGD nesterov": {"momentum": 0.9, "nesterov": True},
    "SGD foreach=True": {"foreach": True},
    "SGD maximize=True": {"maximize": True},
    "SparseAdam": {},
    "SparseAdam maximize=True": {"maximize": True},
    "Adagrad": {},
    "Adagrad foreach=True": {"foreach": True},
}
refused = ["Adam", "AdamW", "RMSprop", "Adadelta", "Adamax", "ASGD", "NAdam", "RAdam", "Rprop", "Adafactor", "Muon"]
cases = 0
for dtype in (torch.float32, torch.float64):
    for name, kwargs in accepted.items():
        emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Sparse invariant checks are implicitly disabled")
            optimizer = getattr(torch.optim, name.split()[0])(emb.parameters(), lr=0.1, **kwargs)
            changed = []
            for looked_up in (index, torch.tensor([[2]])):
                before = emb.weight.detach().clone()
                optimizer.zero_grad()
                emb(looked_up).sum().backward()
                optimizer.step()
                changed.append((emb.weight != before).any(dim=1).nonzero().flatten().tolist())
        carried = "momentum" in kwargs
        assert changed == [[1, 4, 7], [1, 2, 4, 7] if carried else [2]], (name, changed)
        cases += 1
    for name in refused:
        emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
        emb(index).sum().backward()
        try:
            getattr(torch.optim, name)(emb.parameters()).step()
            raise AssertionError(name)
        except RuntimeError as e:
            assert "does not support sparse gradients" in str(e), name
        cases += 1
    for name, kwargs in [
        ("SGD", {"lr": 0.1, "weight_decay": 0.1}),
        ("Adagrad", {"weight_decay": 0.1}),
        ("SGD", {"lr": 0.1, "fused": True}),
        ("Adagrad", {"fused": True}),
    ]:
        emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
        emb(index).sum().backward()
        try:
            getattr(torch.optim, name)(emb.parameters(), **kwargs).step()
            raise AssertionError(name)
        except RuntimeError:
            cases += 1
lbfgs_rows = []
for dtype in (torch.float32, torch.float64):
    emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
    optimizer = torch.optim.LBFGS(emb.parameters(), lr=0.1)
    before = emb.weight.detach().clone()

    def closure():
        optimizer.zero_grad()
        loss = emb(index).pow(2).sum()
        loss.backward()
        return loss

    closure()
    assert emb.weight.grad.layout == torch.sparse_coo
    optimizer.step(closure)
    assert emb.weight.grad.layout == torch.sparse_coo
    lbfgs_rows = (emb.weight != before).any(dim=1).nonzero().flatten().tolist()
    assert lbfgs_rows == [1, 4, 7], lbfgs_rows
    cases += 1
mixed = []
for dtype in (torch.float32, torch.float64):
    for name in ("SGD", "Adagrad", "SparseAdam"):
        emb = torch.nn.Embedding(10, 3, sparse=True).to(dtype)
        head = torch.nn.Linear(3, 1).to(dtype)
        head(emb(index)).sum().backward()
        assert (emb.weight.grad.layout, head.weight.grad.layout) == (torch.sparse_coo, torch.strided)
        optimizer = getattr(torch.optim, name)([*emb.parameters(), *head.parameters()], lr=0.1)
        before = [p.detach().clone() for p in (emb.weight, head.weight)]
        try:
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", "Sparse invariant checks are implicitly disabled")
                optimizer.step()
        except RuntimeError as e:
            assert name == "SparseAdam" and "does not support dense gradients" in str(e), (name, e)
            continue
        assert all(not torch.equal(b, p) for b, p in zip(before, (emb.weight, head.weight))), name
        if dtype == torch.float32:
            mixed.append(name)
        cases += 1
assert mixed == ["SGD", "Adagrad"]
linear = torch.nn.Linear(3, 1)
linear(torch.ones(3)).sum().backward()
try:
    torch.optim.SparseAdam(linear.parameters()).step()
    raise AssertionError("SparseAdam")
except RuntimeError as e:
    dense_error = str(e)
print(f"sparse .grad ({', '.join(sorted(layouts))}) from {', '.join(sources)}, F.embedding(sparse=True)")
for use, (_, layout) in uses.items():
    print(f"Embedding(sparse=True) plus {use}: .grad layout {layout}")
print("  SparseAdam refused each dense one: does not support dense gradients")
print(f"{cases} optimizer cases (float32 and float64):")
print(f"  accepted: {', '.join(accepted)}")
print("  each step changed only the rows looked up in it; with momentum, also the rows of earlier steps")
print(f"  refused: {', '.join(refused)}, and SGD or Adagrad with weight_decay or fused=True")
print(f"  LBFGS accepted it in step(closure); .grad stayed sparse; rows changed: {lbfgs_rows}")
print(f"  one {' or one '.join(mixed)} over a sparse embedding and a dense Linear: both stepped")
print(f"SparseAdam on a dense gradient: RuntimeError: {dense_error}")
