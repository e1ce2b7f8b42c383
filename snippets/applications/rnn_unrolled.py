import torch


def rnn(xs, w_x, w_h):
    h = torch.zeros(2)
    for x_t in xs:
        h = torch.tanh(w_x @ x_t + w_h @ h)  # (1)!
    return h


def count_nodes(tensor):  # (2)!
    seen, todo = set(), [tensor.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo.extend(parent for parent, _ in node.next_functions)
    return len(seen)


torch.manual_seed(0)
w_x = torch.randn(2, 2, requires_grad=True)
w_h = torch.randn(2, 2, requires_grad=True)

short = rnn(torch.randn(2, 2), w_x, w_h)  # (3)!
long = rnn(torch.randn(3, 2), w_x, w_h)
n_short, n_long = count_nodes(short), count_nodes(long)
per_step = n_long - n_short
print(f"2 time steps: {n_short} graph nodes")
print(f"3 time steps: {n_long} graph nodes")
print(f"one more time step: {per_step} more nodes")
