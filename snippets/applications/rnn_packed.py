import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence

torch.manual_seed(0)
sequences = [torch.randn(5, 5), torch.randn(3, 5), torch.randn(2, 5)]  # (1)!
lengths = torch.tensor([len(s) for s in sequences])

padded = pad_sequence(sequences, batch_first=True)  # (2)!
packed = pack_padded_sequence(padded, lengths, batch_first=True, enforce_sorted=False)  # (3)!
padded_steps = padded.shape[0] * padded.shape[1]
packed_steps = int(packed.batch_sizes.sum())
print(f"padded: {tuple(padded.shape)}, batch_sizes: {packed.batch_sizes}")
print(f"sequence steps computed: padded {padded_steps}, packed {packed_steps}")


TOLERANCE = 1e-5  # (4)!


def gap(a, b):
    largest = (a - b).abs().max().item()
    return "same" if largest < TOLERANCE else f"{largest:.2g}"


for bidirectional in (False, True):
    rnn = nn.RNN(input_size=5, hidden_size=8, batch_first=True, bidirectional=bidirectional)  # (5)!
    out_padded, h_padded = rnn(padded)
    out_packed, h_packed = rnn(packed)
    out_packed, _ = pad_packed_sequence(out_packed, batch_first=True)  # (6)!
    print(f"bidirectional={bidirectional}: largest difference from each sequence run alone "
          f"(same: below {TOLERANCE:.5f})")
    for i, (seq, n) in enumerate(zip(sequences, lengths)):
        out_alone, h_alone = rnn(seq.unsqueeze(0))  # (7)!
        print(f"  length {n}: "
              f"outputs padded {gap(out_padded[i, :n], out_alone[0])} "
              f"packed {gap(out_packed[i, :n], out_alone[0])} | "
              f"h_n padded {gap(h_padded[:, i], h_alone[:, 0])} "
              f"packed {gap(h_packed[:, i], h_alone[:, 0])}")
