import torch
import torch.nn as nn


class DynamicRNN(nn.Module):
    def __init__(self, input_size, hidden_size):
        super(DynamicRNN, self).__init__()
        self.rnn = nn.RNN(input_size, hidden_size, batch_first=True)

    def forward(self, x):  # (1)!
        output, _ = self.rnn(x)
        return output


x = torch.randn(2, 10, 5)  # (2)!
model = DynamicRNN(input_size=5, hidden_size=8)
output = model(x)
print(output.shape)  # (3)!
