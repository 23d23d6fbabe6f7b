# torch.compile of models built around nn.LSTM / nn.GRU / nn.RNN, as the tutorials' classifiers and
# language models are (graykode TextLSTM, MorvanZhou RNN classifier): PyTorch 2.11's Dynamo purposely
# graph-breaks on wrapping an RNN, GRU or LSTM module (torch._dynamo.config.allow_rnn is False) and
# the RNN runs as one op; the compiled model must print eager's numbers, without recompile warnings
# from the recurrence. explain() shows how many graphs and breaks that makes.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.rnn = kind(input_size=5, hidden_size=6, num_layers=2, batch_first=True, bidirectional=True)
        self.out = nn.Linear(12, 3)

    def forward(self, x):
        r_out, _ = self.rnn(x, None)
        return self.out(r_out[:, -1, :])


print(torch._dynamo.config.allow_rnn)
x = torch.randn(4, 7, 5)
for kind in [nn.LSTM, nn.GRU, nn.RNN]:
    model = Classifier(kind)
    eager = model(x)
    e = torch._dynamo.explain(model)(x)
    print(kind.__name__, e.graph_count, e.graph_break_count, [str(r.reason).split("\n")[0] for r in e.break_reasons])
    torch._dynamo.reset()
    compiled = torch.compile(model)
    out = compiled(x)
    out2 = compiled(torch.randn(4, 7, 5))
    print(kind.__name__, torch.allclose(out, eager, atol=1e-6), tuple(out2.shape))

cell = nn.LSTMCell(5, 6)


def step(x, h, c):
    for t in range(x.size(1)):
        h, c = cell(x[:, t], (h, c))
    return h


h0 = torch.zeros(4, 6)
e = torch._dynamo.explain(step)(x, h0, h0)
print("LSTMCell", e.graph_count, e.graph_break_count)
print(torch.allclose(torch.compile(step)(x, h0, h0), step(x, h0, h0), atol=1e-6))
