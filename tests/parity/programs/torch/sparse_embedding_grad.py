# nn.Embedding(sparse=True) / F.embedding(sparse=True) gradients as sparse COO tensors (embedding's
# backward with sparse=True: indices = the input flattened, values = the output gradient's rows,
# uncoalesced; padding_idx rows dropped), their accumulation over two backward calls, and the
# optimizers that take them: SparseAdam (lazy Adam: only the rows present move), SGD and Adagrad
# (sparse paths), Adam's refusal, SparseAdam's refusal of dense gradients and its argument checks.
import torch
import torch.nn as nn
import torch.nn.functional as F


def show(name, g):
    print(name, g.layout, g.is_sparse, tuple(g.shape), g.is_coalesced(), g._nnz())
    c = g.coalesce()
    print('  indices', c.indices().tolist())
    print('  values', [[round(v, 4) for v in row] for row in c.values().tolist()])


torch.manual_seed(0)
emb = nn.Embedding(6, 3, sparse=True)
print(emb)
idx = torch.tensor([[1, 3, 1], [4, 3, 0]])
out = emb(idx)
(out * torch.arange(18.0).view(2, 3, 3)).sum().backward()
g = emb.weight.grad
show('grad', g)
print('raw indices', g._indices().tolist())
print('raw values shape', tuple(g._values().shape))
# a second backward accumulates (sparse + sparse: the index lists are joined)
emb(torch.tensor([5, 1])).sum().backward()
show('accumulated', emb.weight.grad)
print('dense', [[round(v, 4) for v in r] for r in emb.weight.grad.to_dense().tolist()])

# padding_idx: its rows carry no gradient
emb2 = nn.Embedding(5, 2, padding_idx=0, sparse=True)
emb2(torch.tensor([0, 2, 0, 4])).pow(2).sum().backward()
show('padding', emb2.weight.grad)

# F.embedding(sparse=True) on a plain leaf
w = torch.randn(4, 2, requires_grad=True)
F.embedding(torch.tensor([3, 3, 2]), w, sparse=True).sum().backward()
show('functional', w.grad)
w.grad = None
F.embedding(torch.tensor([3, 3, 2]), w).sum().backward()
print('dense functional', w.grad.layout, w.grad.tolist())

# SparseAdam: rows not looked up keep their values and moments
torch.manual_seed(1)
model = nn.Embedding(8, 4, sparse=True)
before = model.weight.detach().clone()
opt = torch.optim.SparseAdam(model.parameters(), lr=0.1)
print(opt)
for step in range(3):
    opt.zero_grad()
    loss = model(torch.tensor([1, 2, 2, 5])).pow(2).sum()
    loss.backward()
    opt.step()
    print('step', step, round(loss.item(), 5))
moved = (model.weight.detach() != before).any(dim=1).tolist()
print('rows moved', moved)
st = opt.state[model.weight]
print('state', sorted(st.keys()), st['step'], round(st['exp_avg'].abs().sum().item(), 5),
      round(st['exp_avg_sq'].sum().item(), 6))
print('weights', [[round(v, 4) for v in r] for r in model.weight.detach().tolist()])

# SGD (with weight decay 0, momentum 0) applies a sparse gradient in place
torch.manual_seed(2)
m2 = nn.Embedding(5, 2, sparse=True)
sgd = torch.optim.SGD(m2.parameters(), lr=0.5)
m2(torch.tensor([0, 0, 3])).sum().backward()
sgd.step()
print('sgd', [[round(v, 4) for v in r] for r in m2.weight.detach().tolist()])

# Adagrad's sparse path
torch.manual_seed(3)
m3 = nn.Embedding(5, 2, sparse=True)
ada = torch.optim.Adagrad(m3.parameters(), lr=0.5)
for _ in range(2):
    ada.zero_grad()
    m3(torch.tensor([1, 4, 4])).pow(2).sum().backward()
    ada.step()
print('adagrad', [[round(v, 4) for v in r] for r in m3.weight.detach().tolist()])

# Adam refuses sparse gradients; SparseAdam refuses dense ones
m4 = nn.Embedding(3, 2, sparse=True)
adam = torch.optim.Adam(m4.parameters())
m4(torch.tensor([1])).sum().backward()
try:
    adam.step()
except RuntimeError as e:
    print('RuntimeError:', e)
lin = nn.Linear(2, 1)
sa = torch.optim.SparseAdam(lin.parameters())
lin(torch.ones(1, 2)).sum().backward()
try:
    sa.step()
except RuntimeError as e:
    print('RuntimeError:', e)
for kw in [dict(lr=-1.0), dict(betas=(1.0, 0.5)), dict(eps=0.0)]:
    try:
        torch.optim.SparseAdam(m4.parameters(), **kw)
    except ValueError as e:
        print('ValueError:', e)
