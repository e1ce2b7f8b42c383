import torch
import torch.nn as nn


def graph_nodes(tensor):  # (1)!
    seen, todo = set(), [tensor.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        todo.extend(parent for parent, _ in node.next_functions)
    return seen


rnn = nn.RNN(input_size=5, hidden_size=8, batch_first=True)
for seq_len in (3, 10, 6):
    output, _ = rnn(torch.randn(2, seq_len, 5))  # (2)!
    nodes = graph_nodes(output)
    steps = sum(node.name() == "TanhBackward0" for node in nodes)  # (3)!
    print(f"seq_len={seq_len:2}: output {tuple(output.shape)}, "
          f"{len(nodes)} graph nodes, {steps} x TanhBackward0")
