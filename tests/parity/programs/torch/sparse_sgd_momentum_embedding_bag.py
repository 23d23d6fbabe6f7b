# SGD with momentum/dampening/nesterov on sparse gradients (sgd.py's single-tensor loop run on sparse
# tensors: the first buffer a sparse clone, later buf.mul_(momentum).add_(grad, 1 - dampening), the
# parameter updated by dense.add_(sparse)), the errors of weight decay and of a dense buffer under
# nesterov (sparse + dense adds), and F.embedding_bag / nn.EmbeddingBag with sparse=True
# (_embedding_bag_sparse_backward: one entry per index, its bag's gradient row, divided by the bag's
# size for mean, times the per-sample weight; padding rows dropped) and its max-mode refusal.
import torch
import torch.nn as nn
import torch.nn.functional as F


def show(name, g):
    print(name, g.layout, tuple(g.shape), g.is_coalesced(), g._nnz())
    print('  raw indices', g._indices().tolist())
    c = g.coalesce()
    print('  indices', c.indices().tolist())
    print('  values', [[round(v, 4) for v in row] for row in c.values().tolist()])


def rows(t):
    return [[round(v, 4) for v in r] for r in t.tolist()]


# momentum over three steps whose rows differ; the buffer stays sparse
for kw in ({'momentum': 0.9}, {'momentum': 0.5, 'dampening': 0.25}, {'momentum': 0.8, 'nesterov': True},
           {'momentum': 0.9, 'maximize': True}):
    torch.manual_seed(0)
    emb = nn.Embedding(6, 2, sparse=True)
    opt = torch.optim.SGD(emb.parameters(), lr=0.1, **kw)
    for step, ids in enumerate(([1, 3, 1], [4, 3], [0, 5, 5])):
        opt.zero_grad()
        loss = emb(torch.tensor(ids)).pow(2).sum()
        loss.backward()
        opt.step()
        print(kw, 'step', step, round(loss.item(), 5))
    buf = opt.state[emb.weight]['momentum_buffer']
    print('  buffer', buf.layout, buf.is_sparse, tuple(buf.shape))
    print('  buffer dense', rows(buf.to_dense()))
    print('  weight', rows(emb.weight.detach()))

# weight decay adds the dense parameter to the sparse gradient: refused by ATen
emb = nn.Embedding(4, 2, sparse=True)
opt = torch.optim.SGD(emb.parameters(), lr=0.1, weight_decay=1e-2)
emb(torch.tensor([1])).sum().backward()
try:
    opt.step()
except RuntimeError as e:
    print('weight_decay:', e)
opt = torch.optim.SGD(emb.parameters(), lr=0.1, weight_decay=1e-2, momentum=0.9)
try:
    opt.step()
except RuntimeError as e:
    print('weight_decay + momentum:', e)

# embedding_bag(sparse=True): sum, mean (with padding), per-sample weights
torch.manual_seed(1)
w = torch.randn(7, 3, requires_grad=True)
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 6])
offs = torch.tensor([0, 3, 5])
for mode in ('sum', 'mean'):
    w.grad = None
    out = F.embedding_bag(idx, w, offs, mode=mode, sparse=True)
    (out * torch.arange(9.0).view(3, 3)).sum().backward()
    show('bag ' + mode, w.grad)
    dense_w = w.detach().clone().requires_grad_()
    (F.embedding_bag(idx, dense_w, offs, mode=mode) * torch.arange(9.0).view(3, 3)).sum().backward()
    print('  same as dense:', torch.allclose(w.grad.to_dense(), dense_w.grad))
w.grad = None
F.embedding_bag(idx, w, offs, mode='mean', sparse=True, padding_idx=4).sum().backward()
show('bag mean padding', w.grad)
w.grad = None
psw = torch.linspace(0.5, 2.0, 8)
F.embedding_bag(idx, w, offs, mode='sum', sparse=True, per_sample_weights=psw).sum().backward()
show('bag psw', w.grad)
w.grad = None
F.embedding_bag(idx.view(2, 4), w, sparse=True).sum().backward()
show('bag 2d', w.grad)
try:
    F.embedding_bag(idx, w, offs, mode='max', sparse=True)
except ValueError as e:
    print('max:', e)
w.grad = None
try:
    F.embedding_bag(idx, w, offs, sparse=True, scale_grad_by_freq=True).sum().backward()
except RuntimeError as e:
    print('scale_grad_by_freq:', e)

# nn.EmbeddingBag(sparse=True) trained by SGD with momentum
torch.manual_seed(2)
bag = nn.EmbeddingBag(10, 4, mode='mean', sparse=True)
print(bag)
opt = torch.optim.SGD(bag.parameters(), lr=0.5, momentum=0.9)
for step in range(3):
    opt.zero_grad()
    out = bag(torch.tensor([[1, 2, 3], [3, 7, 7]]))
    loss = (out - 1).pow(2).mean()
    loss.backward()
    opt.step()
    print('bag step', step, round(loss.item(), 5), bag.weight.grad.is_sparse)
print('bag weight', rows(bag.weight.detach()[[1, 2, 3, 7, 0]]))
