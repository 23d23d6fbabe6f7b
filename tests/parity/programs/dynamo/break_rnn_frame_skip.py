# Where PyTorch 2.11's Dynamo breaks on an nn.RNN/GRU/LSTM (config.allow_rnn is False): while wrapping
# the module, at the LOAD_ATTR of `self.rnn`, which cannot break the graph itself. With no call in the
# graph yet (no speculation checkpoint) the compiled frame is skipped whole: explain() shows no graph
# and no break reason, and the layers after the RNN run eagerly too. Shapes: the RNN first in forward,
# read through a local alias, called with keyword arguments, and an RNN reached inside a helper method
# (an inlined call: the caller breaks at that call instead).
import torch
import torch.nn as nn

torch.manual_seed(0)


class First(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 5, batch_first=True)
        self.out = nn.Linear(5, 2)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.out(y[:, -1]).relu()


class Alias(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 3, num_layers=2)
        self.scale = 2.0

    def forward(self, x):
        lstm = self.lstm
        y, (h, c) = lstm(x)
        return (y * self.scale).sum(0) + h[-1]


class Keywords(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(input_size=4, hidden_size=3, nonlinearity="relu")

    def forward(self, x, h0):
        out, hn = self.rnn(input=x, hx=h0)
        return out.mean() + hn.mean()


class Helper(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 3)
        self.head = nn.Linear(3, 1)

    def encode(self, x):
        y, _ = self.rnn(x)
        return y

    def forward(self, x):
        return self.head(self.encode(x)).sigmoid()


x = torch.randn(2, 6, 4)
h0 = torch.zeros(1, 6, 3)
for model, args in [(First(), (x,)), (Alias(), (x,)), (Keywords(), (x, h0)), (Helper(), (x,))]:
    eager = model(*args)
    e = torch._dynamo.explain(model)(*args)
    print(type(model).__name__, e.graph_count, e.graph_break_count, e.op_count,
          [str(r.reason).split("\n")[0] for r in e.break_reasons])
    torch._dynamo.reset()
    out = torch.compile(model)(*args)
    print(torch.allclose(out, eager, atol=1e-6), tuple(out.shape))
    torch._dynamo.reset()
