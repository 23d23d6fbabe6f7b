import torch
import torch.nn as nn
import torch.nn.functional as F
# An LSTM/GRU classifier trained through torch.compile (loss.backward() inside the compiled step,
# the optimizer outside): Dynamo graph-breaks at the recurrent layer (as PyTorch's does with
# config.allow_rnn = False), the rest compiles, and losses and gradients equal eager's.
# Weights from linspace (no random draws); values printed to 4 decimals.

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(9, 4)
        self.lstm = nn.LSTM(4, 5, num_layers=2, batch_first=True)
        self.gru = nn.GRU(5, 3, batch_first=True)
        self.out = nn.Linear(3, 2)
        with torch.no_grad():
            for i, p in enumerate(self.parameters()):
                p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1.0 - 0.05 * i))

    def forward(self, x):
        h, _ = self.lstm(self.emb(x))
        h, _ = self.gru(h)
        return self.out(h[:, -1])

x = torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8], [8, 0, 2, 4]])
y = torch.tensor([0, 1, 1])

def run(compiled):
    torch._dynamo.reset()
    m = Model()
    opt = torch.optim.Adam(m.parameters(), lr=0.05)

    def step(x, y):
        loss = F.cross_entropy(m(x), y)
        loss.backward()
        return loss

    f = torch.compile(step) if compiled else step
    losses = []
    for _ in range(3):
        opt.zero_grad()
        losses.append(f(x, y).item())
        opt.step()
    return losses, [p.detach().clone() for p in m.parameters()]

e_losses, e_params = run(False)
c_losses, c_params = run(True)
print("eager   ", [f"{l:.4f}" for l in e_losses])
print("compiled", [f"{l:.4f}" for l in c_losses])
print("params equal", all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(e_params, c_params)))
