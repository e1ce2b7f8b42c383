import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence


def graph_nodes(tensor):
    seen, todo = set(), [tensor.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        todo.extend(parent for parent, _ in node.next_functions)
    return seen


def nodes_at(lstm, seq_len, dtype, packed):
    x = torch.randn(2, seq_len, 5, dtype=dtype)
    if packed:
        x = pack_padded_sequence(x, torch.tensor([seq_len, 2]), batch_first=True)
    output = lstm(x)[0]
    return graph_nodes(output.data if packed else output)


cases = 0
for layers in (1, 2):
    for bidirectional in (False, True):
        for dtype in (torch.float32, torch.float64):
            lstm = nn.LSTM(5, 8, num_layers=layers, bidirectional=bidirectional, batch_first=True, dtype=dtype)
            for packed in (False, True):
                for onednn in (True, False):
                    torch.backends.mkldnn.enabled = onednn
                    short, long = (nodes_at(lstm, n, dtype, packed) for n in (3, 10))
                    fused = [n for n in long if n.name() == "MkldnnRnnLayerBackward0"]
                    runs_onednn = onednn and torch.backends.mkldnn.is_available() and dtype == torch.float32
                    if runs_onednn and not packed:
                        assert len(fused) == layers * (1 + bidirectional) and len(short) == len(long)
                    else:
                        assert not fused and len(long) > len(short), (layers, bidirectional, dtype, packed, onednn)
                    cases += 1
torch.backends.mkldnn.enabled = True  # the default
print(f"{cases} cases: 1 or 2 layers, one or two directions, float32 or float64, packed or not, oneDNN on or off")
print("one MkldnnRnnLayerBackward0 per layer and direction, any length: exactly where oneDNN runs an unpacked float32 LSTM")
print("every other case: more nodes for a longer sequence")
