# Idioms of few-shot / meta-learning code: a one-element integer tensor where an int is expected
# (torch.randperm(counts[c]) in Prototypical Networks' batch sampler, narrow/topk/eye sizes), a
# tensor split size, torch.autograd.grad over model.parameters() (MAML's inner loop), and the
# matrix adds written the old way (center loss's distmat.addmm_(1, -2, x, centers.t())).
import warnings
import torch
import torch.nn as nn

torch.manual_seed(0)
n = torch.tensor(5)
k = torch.tensor([2])
print(torch.randperm(n).sort().values)
print(torch.arange(10).narrow(0, 1, k - 1))
print(torch.tensor([3.0, 1.0, 2.0, 5.0]).topk(torch.tensor(2)).values)
print(torch.eye(torch.tensor(2)))
print(torch.randint(0, n, (4,)).lt(5).all().item(), torch.randint(n, (2,)).shape)
print(torch.ones(2, 3, 4).transpose(torch.tensor(0), torch.tensor(2)).shape)
print(torch.ones(2, 3).sum(torch.tensor(1)))
print(torch.ones(2, 3).size(torch.tensor(1)), torch.linspace(0, 1, torch.tensor(3)))
print([t.shape for t in torch.arange(5).split(torch.tensor(2))])
print([t.shape for t in torch.split(torch.arange(5), torch.tensor(3))])
print(torch.multinomial(torch.ones(4), torch.tensor(4)).sort().values)
print(torch.ones(3).unsqueeze(torch.tensor(0)).shape)

# autograd.grad over any iterable of tensors
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
x = torch.randn(5, 3)
loss = net(x).pow(2).mean()
grads = torch.autograd.grad(loss, net.parameters(), create_graph=True)
print([tuple(g.shape) for g in grads])
fast = [p - 0.1 * g for p, g in zip(net.parameters(), grads)]
params = nn.ParameterList(net.parameters())
loss2 = torch.nn.functional.linear(torch.tanh(torch.nn.functional.linear(x, fast[0], fast[1])), fast[2], fast[3]).pow(2).mean()
meta = torch.autograd.grad(loss2, params, retain_graph=True)
print(len(meta), round(sum(g.abs().sum().item() for g in meta), 4))
print(torch.autograd.grad([loss2], iter([fast[0]]), retain_graph=True)[0].shape)
torch.autograd.backward(net(x).sum(), inputs=(p for p in net.parameters() if p.dim() == 1))
print([p.grad is None for p in net.parameters()])

# addmm_ / baddbmm_ and the deprecated scalar-first overloads
a = torch.ones(2, 2)
m1 = torch.arange(6.0).view(2, 3)
m2 = torch.arange(6.0).view(3, 2)
print(a.clone().addmm_(m1, m2, beta=0.5, alpha=2))
b = torch.ones(2, 2, 2)
print(b.clone().baddbmm_(torch.ones(2, 2, 3), torch.ones(2, 3, 2), alpha=0.5))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(a.clone().addmm_(1, -2, m1, m2))
    print(a.clone().addmm(2, m1, m2))
    print(torch.zeros(2).addmv(1, 3, m1, torch.ones(3)))
    print(torch.zeros(2, 2).addr_(0, 1, torch.ones(2), torch.arange(2.0)))
    print(b.clone().baddbmm(0, 1, torch.ones(2, 2, 3), torch.ones(2, 3, 2)).sum())
    print([str(x.message).splitlines()[1].strip() for x in w])
feat = torch.randn(4, 2, requires_grad=True)
centers = nn.Parameter(torch.randn(3, 2))
distmat = feat.pow(2).sum(1, keepdim=True).expand(4, 3) + centers.pow(2).sum(1, keepdim=True).expand(3, 4).t()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    distmat.addmm_(1, -2, feat, centers.t())
labels = torch.tensor([0, 1, 2, 0])
loss = (distmat * labels.unsqueeze(1).eq(torch.arange(3)).float()).clamp(min=1e-12).sum() / 4
loss.backward()
print(round(loss.item(), 4), feat.grad.shape, centers.grad.shape, distmat.grad_fn.name())
