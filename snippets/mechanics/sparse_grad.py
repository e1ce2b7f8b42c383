import torch

emb = torch.nn.Embedding(10, 3, sparse=True)
emb(torch.tensor([1, 4, 4])).sum().backward()
grad = emb.weight.grad
print(f"layout: {grad.layout}, shape: {tuple(grad.shape)}")
print(f"rows: {grad.coalesce().indices().tolist()}, values: {grad.coalesce().values().tolist()}")  # (1)!

before = emb.weight.detach().clone()
torch.optim.SGD(emb.parameters(), lr=0.1).step()
print(f"rows SGD changed: {(emb.weight != before).any(dim=1).nonzero().flatten().tolist()}")

try:
    torch.optim.Adam(emb.parameters()).step()
except RuntimeError as e:
    print(f"RuntimeError: {e}")
before = emb.weight.detach().clone()
torch.optim.SparseAdam(emb.parameters()).step()  # (2)!
print(f"rows SparseAdam changed: {(emb.weight != before).any(dim=1).nonzero().flatten().tolist()}")
