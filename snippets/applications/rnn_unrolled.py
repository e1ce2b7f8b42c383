import torch


def rnn(xs, w_x, w_h):
    h = torch.zeros(2)
    for x_t in xs:  # (1)!
        h = torch.tanh(w_x @ x_t + w_h @ h)
    return h


def count_nodes(tensor):
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

short = rnn(torch.randn(2, 2), w_x, w_h)  # (2)!
long = rnn(torch.randn(3, 2), w_x, w_h)
print(f"2 time steps: {count_nodes(short)} graph nodes")  # (3)!
print(f"3 time steps: {count_nodes(long)} graph nodes")
