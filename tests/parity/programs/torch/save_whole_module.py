# torch.save of whole objects (an nn.Module subclass, argparse.Namespace, a user class) and
# torch.load(weights_only=False) back: classes found by import, modules rebuilt with their
# parameters, buffers (persistent or not), children and attributes; weights_only=True refuses.
import argparse
import io

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.conv = nn.Conv2d(1, 2, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm1d(4)
        self.seq = nn.Sequential(nn.Linear(4, 2), nn.Dropout(0.25))
        self.register_buffer("steps", torch.tensor(7))
        self.register_buffer("scratch", torch.zeros(2), persistent=False)
        self.name = "net"

    def forward(self, x):
        return self.seq(self.bn(self.act(self.fc1(x))))


class Config:
    def __init__(self, lr, layers):
        self.lr = lr
        self.layers = layers


torch.manual_seed(0)
net = Net()
net.eval()
x = torch.randn(2, 3)
before = net(x)
buf = io.BytesIO()
torch.save({"model": net, "args": argparse.Namespace(lr=0.1, epochs=3), "cfg": Config(0.5, [1, 2]), "cls": Config}, buf)
buf.seek(0)
try:
    torch.load(buf)
except Exception as e:
    print(type(e).__name__, "Unsupported global: GLOBAL __main__.Net" in str(e))
buf.seek(0)
r = torch.random.get_rng_state().sum().item()
obj = torch.load(buf, weights_only=False)
print(torch.random.get_rng_state().sum().item() == r)
m = obj["model"]
print(type(m).__name__, m.training, m.name, obj["args"], obj["cfg"].lr, obj["cfg"].layers, obj["cls"] is Config)
print(m)
print(torch.equal(m(x), before), list(m.state_dict().keys()))
print(m.steps, m.scratch, m.fc1.in_features, m.conv.padding, m.conv.bias, m.seq[1].p, m.bn.momentum)
print(m.fc1.weight is m.fc1._parameters["weight"], type(m.fc1.weight).__name__, m.fc1.weight.requires_grad)
m.train()
loss = m(torch.randn(4, 3)).sum()
loss.backward()
print(m.fc1.weight.grad.shape, m.bn.running_mean.shape)

# one module saved twice (a tied layer) loads as one object
shared = nn.Linear(2, 2)
buf = io.BytesIO()
torch.save([shared, nn.Sequential(shared)], buf)
buf.seek(0)
a, s = torch.load(buf, weights_only=False)
print(a is s[0], a.weight.data_ptr() == s[0].weight.data_ptr())


# recurrent, attention, embedding, 'same' convolution and containers round trip
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(3, 4, batch_first=True)
        self.conv = nn.Conv1d(2, 3, 3, padding="same")
        self.emb = nn.Embedding(5, 3, padding_idx=0)
        self.heads = nn.ModuleDict({"a": nn.Linear(4, 1), "b": nn.Identity()})
        self.lst = nn.ModuleList([nn.GELU(approximate="tanh"), nn.Tanh()])
        self.mha = nn.MultiheadAttention(4, 2, batch_first=True)
        self.ln = nn.LayerNorm(4, bias=False)

    def forward(self, t):
        y, _ = self.rnn(self.emb(t))
        y = self.mha(y, y, y)[0]
        return self.heads["a"](self.lst[0](self.ln(y)))


torch.manual_seed(0)
m = M()
t = torch.tensor([[1, 2, 0, 4]])
ref = m(t)
buf = io.BytesIO()
torch.save(m, buf)
buf.seek(0)
m2 = torch.load(buf, weights_only=False)
print(torch.equal(m2(t), ref), repr(m2) == repr(m), list(m2.state_dict()) == list(m.state_dict()))
print(m2)
print(m2.conv.padding, m2.emb.padding_idx, m2.mha.num_heads, m2.lst[0].approximate, m2.rnn.hidden_size)
