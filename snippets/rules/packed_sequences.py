import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence

torch.manual_seed(0)
TOLERANCE = 1e-5


def gap(a, b):
    return (a - b).abs().max().item()


cases = padded_h_wrong = padded_out_wrong = 0
for dtype in (torch.float32, torch.float64):
    for cls in (torch.nn.RNN, torch.nn.GRU, torch.nn.LSTM):
        for layers in (1, 2):
            for bidirectional in (False, True):
                for lengths in ([5, 3, 2], [2, 5, 3]):
                    rnn = cls(4, 6, num_layers=layers, bidirectional=bidirectional, batch_first=True, dtype=dtype)
                    seqs = [torch.randn(n, 4, dtype=dtype) for n in lengths]
                    padded = pad_sequence(seqs, batch_first=True)
                    packed = pack_padded_sequence(padded, torch.tensor(lengths), batch_first=True, enforce_sorted=False)
                    assert packed.batch_sizes.sum().item() == sum(lengths)
                    out_pad, h_pad = rnn(padded)
                    out_pack, h_pack = rnn(packed)
                    out_pack, _ = pad_packed_sequence(out_pack, batch_first=True)
                    if cls is torch.nn.LSTM:
                        h_pad, h_pack = torch.cat(h_pad), torch.cat(h_pack)
                    for i, (seq, n) in enumerate(zip(seqs, lengths)):
                        out_alone, h_alone = rnn(seq.unsqueeze(0))
                        if cls is torch.nn.LSTM:
                            h_alone = torch.cat(h_alone)
                        assert gap(out_pack[i, :n], out_alone[0]) < TOLERANCE
                        assert gap(h_pack[:, i], h_alone[:, 0]) < TOLERANCE
                        shorter = n < max(lengths)
                        h_wrong = gap(h_pad[:, i], h_alone[:, 0]) > 1e-3
                        out_wrong = gap(out_pad[i, :n], out_alone[0]) > 1e-3
                        assert h_wrong == shorter, (dtype, cls, layers, bidirectional, n)
                        assert out_wrong == (shorter and bidirectional), (dtype, cls, layers, bidirectional, n)
                        padded_h_wrong += h_wrong
                        padded_out_wrong += out_wrong
                        cases += 1
print(f"{cases} sequences (RNN, GRU, LSTM; 1 or 2 layers; one or two directions; float32, float64)")
print(f"packed: outputs and h_n as when run alone, every one (tolerance {TOLERANCE:g})")
print(f"padded: h_n wrong for {padded_h_wrong} shorter sequences, outputs wrong for {padded_out_wrong}"
      " (the shorter ones in two directions); the longest sequence is always right")
