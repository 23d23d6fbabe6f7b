# Built-in layers read their hyperparameters at call time: code that reassigns them after construction
# (dropout off for a check, BatchNorm momentum/eps as EfficientNet ports set them, stride surgery on a
# backbone, activations switched in place) must see the new values in forward, repr, deepcopy and compile.
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 8, 8)

d = nn.Dropout(0.5)
d.p = 0.0
print(d, torch.equal(d(x), x))

bn = nn.BatchNorm2d(3)
bn.momentum = 0.5
bn.eps = 1e-1
y = bn(x)
print(bn, bn.momentum, bn.eps)
print(bn.running_mean.round(decimals=4), y.std().item() < 1.0)
bn.momentum = None
bn(x)
print(bn.momentum, bn.num_batches_tracked)

c = nn.Conv2d(3, 4, 3)
c.stride = (2, 2)
c.padding = (1, 1)
print(c, c(x).shape)
c.dilation = (2, 2)
print(c.dilation, c(x).shape)
c2 = copy.deepcopy(c)
print(c2, c2(x).shape, torch.equal(c2(x), c(x)))

m = nn.MaxPool2d(2)
m.kernel_size = 4
m.stride = 4
print(m, m(x).shape)

r = nn.LeakyReLU()
r.negative_slope = 0.5
print(r, r(torch.tensor([-1.0, 2.0])))
r2 = copy.deepcopy(r)
print(r2(torch.tensor([-1.0])))

s = nn.Softmax(dim=0)
s.dim = 1
print(s, s(torch.tensor([[1.0, 3.0], [2.0, 2.0]])).round(decimals=4))

g = nn.GELU()
g.approximate = 'tanh'
print(g, g(torch.tensor([1.0])).round(decimals=6))

ln = nn.LayerNorm(8)
ln.eps = 0.5
print(ln, ln(x)[0, 0, 0, :3].round(decimals=4))

e = nn.ELU()
e.alpha = 2.0
print(e, e(torch.tensor([-1.0])).round(decimals=4))

relu = nn.ReLU()
relu.inplace = True
t = torch.tensor([-1.0, 1.0])
relu(t)
print(relu, t)

f = nn.Flatten()
f.start_dim = 2
print(f, f(x).shape)

emb = nn.Embedding(5, 2)
emb.padding_idx = 0
print(emb)

loss = nn.CrossEntropyLoss()
loss.reduction = 'sum'
logits = torch.randn(4, 3)
target = torch.tensor([0, 2, 1, 0])
print(loss.reduction, round(loss(logits, target).item(), 4), round(F.cross_entropy(logits, target, reduction='sum').item(), 4))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(self.conv(x)).sum(dim=(2, 3))


torch.manual_seed(1)
net = Net()
for mod in net.modules():
    if isinstance(mod, nn.Dropout):
        mod.p = 0.0
    if isinstance(mod, nn.Conv2d):
        mod.stride = (2, 2)
eager = net(x)
compiled = torch.compile(net, backend="eager")(x)
print(eager.shape, torch.allclose(eager, compiled))
