import torch
import torch.nn as nn


def show(name, t):
    print(name, tuple(t.shape), " ".join(f"{v:.4f}" for v in t.detach().flatten().tolist()))


torch.manual_seed(0)
rnn = nn.RNN(3, 4)
print(rnn)
print([(n, tuple(p.shape)) for n, p in rnn.named_parameters()])
show("w_ih", rnn.weight_ih_l0)
x = torch.linspace(-1, 1, 2 * 2 * 3).reshape(2, 2, 3)
out, h = rnn(x)
show("out", out)
show("h", h)
print(torch.allclose(out[-1], h[0]))

# relu, two layers, batch_first, given h0
torch.manual_seed(1)
rnn = nn.RNN(3, 2, num_layers=2, nonlinearity="relu", batch_first=True)
print(rnn)
h0 = torch.full((2, 2, 2), 0.1)
out, h = rnn(x, h0)
show("out", out)
show("h", h)

# unbatched input
torch.manual_seed(2)
rnn = nn.RNN(3, 2, bias=False)
print(rnn, [n for n, _ in rnn.named_parameters()])
out, h = rnn(x[:, 0])
print(tuple(out.shape), tuple(h.shape))

# gradients flow to the parameters and the input
xi = x.clone().requires_grad_(True)
out, h = rnn(xi)
out.sum().backward()
show("grad_x", xi.grad)
show("grad_w", rnn.weight_hh_l0.grad)

try:
    nn.RNN(3, 2, nonlinearity="sigmoid")
except ValueError as e:
    print("ValueError", e)
try:
    rnn(torch.zeros(2, 2, 5))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    rnn(x, torch.zeros(2, 2, 2))
except RuntimeError as e:
    print("RuntimeError", e)
print(nn.RNN(4, 8, 3, dropout=0.5, bidirectional=True))
