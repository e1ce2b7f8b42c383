import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence


class DynamicRNN(nn.Module):
    def __init__(self, input_size, hidden_size):
        super(DynamicRNN, self).__init__()
        self.rnn = nn.RNN(input_size, hidden_size, batch_first=True)

    def forward(self, x):
        output, _ = self.rnn(x)
        return output


torch.manual_seed(0)
model = DynamicRNN(input_size=5, hidden_size=8)
sequences = [torch.randn(5, 5), torch.randn(3, 5), torch.randn(2, 5)]  # (1)!
lengths = torch.tensor([len(s) for s in sequences])

padded = pad_sequence(sequences, batch_first=True)  # (2)!
packed = pack_padded_sequence(padded, lengths, batch_first=True, enforce_sorted=False)  # (3)!
print(f"padded: {tuple(padded.shape)}, batch_sizes: {packed.batch_sizes}")

output, out_lengths = pad_packed_sequence(model(packed), batch_first=True)  # (4)!
print(f"output: {tuple(output.shape)}, lengths: {out_lengths}")
print(output[:, :, 0].detach().round(decimals=4))  # (5)!

for seq, out, n in zip(sequences, output, lengths):
    alone = model(seq.unsqueeze(0))[0]  # (6)!
    print(f"length {n}: same as run alone: {torch.allclose(out[:n], alone)}")
