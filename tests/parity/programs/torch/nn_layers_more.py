import torch
import torch.nn as nn
import torch.nn.functional as F

# Activations (PReLU, CELU, Softsign, Hardswish, Hardsigmoid, Threshold, GLU, Softmin), pooling
# (MaxPool1d, AvgPool1d, AdaptiveAvgPool1d), normalization (InstanceNorm1d/2d, RMSNorm), distances,
# PixelShuffle/Unshuffle and ParameterList/ParameterDict: reprs, parameters, values and gradients.
x = torch.tensor([[-2.0, -0.5, 0.0, 0.5, 2.0, 4.0]])
for m in [nn.PReLU(), nn.CELU(), nn.CELU(0.5), nn.Softsign(), nn.Hardswish(), nn.Hardsigmoid(),
          nn.Threshold(0.5, -1.0), nn.GLU(), nn.Softmin(dim=1)]:
    print(m, [round(v, 4) for v in m(x)[0].tolist()])
p = nn.PReLU(3, init=0.1)
print(p, [(n, tuple(t.shape)) for n, t in p.named_parameters()])
xp = torch.tensor([[[-1.0, 2.0]], [[-2.0, 1.0]], [[-4.0, 0.0]]]).reshape(1, 3, 2).requires_grad_(True)
yp = p(xp)
print(yp)
yp.sum().backward()
print(xp.grad, p.weight.grad)

s = torch.tensor([[[1.0, 3.0, 2.0, 5.0, 4.0, 0.0, 7.0]]])
for m in [nn.MaxPool1d(2), nn.MaxPool1d(3, stride=2, padding=1), nn.MaxPool1d(2, ceil_mode=True), nn.AvgPool1d(3),
          nn.AvgPool1d(3, stride=2, padding=1, count_include_pad=False), nn.AdaptiveAvgPool1d(3)]:
    print(m, m(s).tolist())
print(nn.MaxPool1d(2, return_indices=True)(s))

xi = torch.arange(12.0).reshape(1, 2, 6)
print(nn.InstanceNorm1d(2), [round(v, 4) for v in nn.InstanceNorm1d(2)(xi)[0, 0].tolist()])
inorm = nn.InstanceNorm2d(2, affine=True, track_running_stats=True)
print(inorm, [n for n, _ in inorm.named_parameters()], [n for n, _ in inorm.named_buffers()])
y = inorm(torch.arange(16.0).reshape(2, 2, 2, 2))
print([round(v, 4) for v in y[1, 1].reshape(-1).tolist()], inorm.running_mean, inorm.running_var)
inorm.eval()
print(inorm(torch.arange(8.0).reshape(1, 2, 2, 2))[0, 0])
r = nn.RMSNorm(4)
print(r, r.weight, [round(v, 4) for v in r(torch.tensor([1.0, 2.0, 3.0, 4.0])).tolist()])
print(nn.RMSNorm([2, 2], eps=1e-3, elementwise_affine=False)(torch.tensor([[1.0, 1.0], [1.0, 1.0]])))
print(F.rms_norm(torch.tensor([[3.0, 4.0]]), (2,)))

a = torch.tensor([[1.0, 0.0, 1.0], [0.0, 2.0, 0.0]])
b = torch.tensor([[1.0, 1.0, 1.0], [0.0, 1.0, 0.0]])
print(nn.CosineSimilarity(), [round(v, 4) for v in nn.CosineSimilarity()(a, b).tolist()])
print(nn.PairwiseDistance(), [round(v, 4) for v in nn.PairwiseDistance()(a, b).tolist()],
      nn.PairwiseDistance(p=1.0, keepdim=True)(a, b).shape)
ps = nn.PixelShuffle(2)
t = torch.arange(16.0).reshape(1, 4, 2, 2)
print(ps, ps(t), nn.PixelUnshuffle(2)(ps(t)).equal(t))

pl = nn.ParameterList([nn.Parameter(torch.zeros(2, 3)), torch.ones(4)])
pl.append(nn.Parameter(torch.ones(1)))
print(pl, len(pl), type(pl[1]).__name__, [n for n, _ in pl.named_parameters()])
pd = nn.ParameterDict({"w": nn.Parameter(torch.zeros(2)), "b": torch.ones(3)})
pd["c"] = nn.Parameter(torch.ones(1, 1))
print(pd, list(pd.keys()), "w" in pd, len(pd))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = nn.ParameterList([nn.Parameter(torch.tensor(2.0)), nn.Parameter(torch.tensor(3.0))])
        self.extra = nn.ParameterDict({"shift": nn.Parameter(torch.tensor(1.0))})

    def forward(self, v):
        for s in self.scales:
            v = v * s
        return v + self.extra["shift"]


net = Net()
out = net(torch.tensor([1.0, 2.0]))
out.sum().backward()
print(net, out, [(n, p.grad.item()) for n, p in net.named_parameters()], list(net.state_dict().keys()))
