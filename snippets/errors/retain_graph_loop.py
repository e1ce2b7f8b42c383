import torch


def nodes(f):  # (1)!
    return 1 + sum(nodes(g) for g, _ in f.next_functions if g and g.next_functions)


w = torch.tensor(0.5, requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)
h = torch.tensor(1.0)
for step in range(4):
    h = torch.tanh(w * h + 1)
    loss = (h - 0.5) ** 2
    optimizer.zero_grad()
    try:
        loss.backward(retain_graph=True)  # (2)!
    except RuntimeError as e:
        print(f"step {step}: RuntimeError: {e}".split(" Hint:")[0])
        break
    optimizer.step()
    print(f"step {step}: backward() ran {nodes(loss.grad_fn)} nodes")
