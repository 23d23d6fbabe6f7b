import torch
import torch.nn as nn


def show(name, t):
    print(name, tuple(t.shape), " ".join(f"{v:.4f}" for v in t.detach().flatten().tolist()))


torch.manual_seed(0)
gru = nn.GRU(3, 2, batch_first=True)
print(gru)
x = torch.linspace(-1, 1, 2 * 3 * 3).reshape(2, 3, 3)
out, h = gru(x)
show("out", out)
show("h", h)

torch.manual_seed(0)
cell = nn.GRUCell(3, 2)
print(cell, [(n, tuple(p.shape)) for n, p in cell.named_parameters()])
hx = None
for t in range(3):
    hx = cell(x[:, t], hx)
show("cell", hx)
print(torch.allclose(hx, h[0], atol=1e-6))

torch.manual_seed(1)
rc = nn.RNNCell(3, 2, nonlinearity="relu")
print(rc)
show("rnncell", rc(x[:, 0]))
show("unbatched", rc(x[0, 0]))

torch.manual_seed(2)
lc = nn.LSTMCell(3, 2, bias=False)
print(lc, [n for n, _ in lc.named_parameters()], lc.bias_ih)
h1, c1 = lc(x[:, 0])
show("h1", h1)
show("c1", c1)
h2, c2 = lc(x[:, 1], (h1, c1))
(h2.sum() + c2.sum()).backward()
show("grad", lc.weight_hh.grad)

# an LSTM-based model trained for a few steps
torch.manual_seed(4)


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 3)
        self.lstm = nn.LSTM(3, 4, batch_first=True)
        self.out = nn.Linear(4, 2)

    def forward(self, tokens):
        h, _ = self.lstm(self.emb(tokens))
        return self.out(h)


model = Tagger()
print(model)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
tokens = torch.tensor([[0, 1, 2, 3], [4, 3, 2, 1]])
tags = torch.tensor([[0, 1, 0, 1], [1, 0, 1, 0]])
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(tokens).reshape(-1, 2), tags.reshape(-1))
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.4f}")
