import torch
import torch.nn as nn


def show(name, t):
    print(name, tuple(t.shape), " ".join(f"{v:.4f}" for v in t.detach().flatten().tolist()))


torch.manual_seed(0)
lstm = nn.LSTM(3, 2)
print(lstm)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
show("b_hh", lstm.bias_hh_l0)
x = torch.linspace(-1, 1, 3 * 2 * 3).reshape(3, 2, 3)
out, (h, c) = lstm(x)
show("out", out)
show("h", h)
show("c", c)

# bidirectional, two layers
torch.manual_seed(1)
lstm = nn.LSTM(3, 2, num_layers=2, bidirectional=True)
print(lstm)
print([n for n, _ in lstm.named_parameters()])
out, (h, c) = lstm(x)
print(tuple(out.shape), tuple(h.shape), tuple(c.shape))
show("out", out)
show("h", h)
print(torch.allclose(out[-1, :, :2], h[2]), torch.allclose(out[0, :, 2:], h[3]))

# proj_size
torch.manual_seed(2)
lstm = nn.LSTM(3, 4, proj_size=2, batch_first=True)
print(lstm, [(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
out, (h, c) = lstm(x)
print(tuple(out.shape), tuple(h.shape), tuple(c.shape))
show("out", out)

# initial state and backward
torch.manual_seed(3)
lstm = nn.LSTM(3, 2)
h0 = torch.full((1, 2, 2), 0.5)
c0 = torch.full((1, 2, 2), -0.5)
out, (h, c) = lstm(x, (h0, c0))
(out.sum() + c.sum()).backward()
show("grad_w_ih", lstm.weight_ih_l0.grad)
lstm.flatten_parameters()
try:
    lstm(x, (torch.zeros(1, 3, 2), c0))
except RuntimeError as e:
    print("RuntimeError", e)
print(len(lstm.all_weights), len(lstm._flat_weights))
