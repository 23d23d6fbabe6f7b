import torch
import torch.nn as nn
from torch.nn.utils import parametrizations, parametrize
# torch.nn.utils.parametrizations.orthogonal: the default map (matrix_exp for square matrices,
# householder otherwise), cayley, use_trivialization=False, tall and wide weights, the stored base
# and the -Id original, training that keeps the weight orthogonal, assigning a new matrix, and
# PyTorch's errors.

def orth_err(W):
    n, k = W.shape[-2], W.shape[-1]
    P = W.mT @ W if n >= k else W @ W.mT
    return (P - torch.eye(min(n, k), dtype=W.dtype)).abs().max().item() < 1e-5

torch.manual_seed(0)
lin = nn.Linear(3, 3)
w0 = lin.weight.detach().clone()
parametrizations.orthogonal(lin)
print(lin)
print(type(lin).__name__, parametrize.is_parametrized(lin), parametrize.is_parametrized(lin, "weight"))
p = lin.parametrizations.weight[0]
print(p.orthogonal_map, p.shape, p.base.shape)
print(lin.parametrizations.weight.original.tolist())
print(lin.weight.detach().round(decimals=4).tolist(), orth_err(lin.weight))
# the base is w0's QR factor with R's diagonal positive: Q^T w0 is upper triangular
R = lin.weight.detach().mT @ w0
print(R.triu().round(decimals=4).tolist(), R.tril(-1).abs().max().item() < 1e-5)
print(sorted(n for n, _ in lin.named_parameters()), sorted(n for n, _ in lin.named_buffers()))

opt = torch.optim.SGD(lin.parameters(), lr=0.1)
x = torch.linspace(-1.0, 1.0, 6).reshape(2, 3)
for _ in range(3):
    opt.zero_grad()
    loss = (lin(x) - 1.0).pow(2).sum()
    loss.backward()
    opt.step()
print(round(loss.item(), 4), orth_err(lin.weight))
print(lin.parametrizations.weight.original.grad.round(decimals=4).tolist())

for shape, kind in [((3, 5), "cayley"), ((5, 2), None), ((5, 2), "matrix_exp"), ((2, 4), "householder")]:
    torch.manual_seed(1)
    m = parametrizations.orthogonal(nn.Linear(*shape), orthogonal_map=kind)
    print(shape, kind, m.parametrizations.weight[0].orthogonal_map.name, tuple(m.weight.shape), orth_err(m.weight))

torch.manual_seed(2)
h = parametrizations.orthogonal(nn.Linear(4, 3), orthogonal_map="householder", use_trivialization=False)
print(hasattr(h.parametrizations.weight[0], "base"), orth_err(h.weight))
print(h.parametrizations.weight.original.round(decimals=4).tolist())

# assigning goes through right_inverse: orthogonalized again
with torch.no_grad():
    lin.weight = torch.tensor([[2.0, 0.0, 0.0], [0.0, 0.0, 3.0], [0.0, -1.0, 0.0]])
print(lin.weight.detach().round(decimals=4).tolist())

# a batch of matrices (a buffer)
class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mats", torch.arange(18.0).reshape(2, 3, 3) + torch.eye(3))

torch.manual_seed(3)
hb = parametrizations.orthogonal(Holder(), "mats")
print(tuple(hb.mats.shape), orth_err(hb.mats[0]), orth_err(hb.mats[1]))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: parametrizations.orthogonal(nn.Linear(3, 3), "bias"))
err(lambda: parametrizations.orthogonal(nn.Linear(3, 3), "missing"))
err(lambda: parametrizations.orthogonal(nn.Linear(3, 3), orthogonal_map="qr"))
m5 = parametrizations.orthogonal(nn.Linear(3, 3), orthogonal_map="cayley", use_trivialization=False)
def assign():
    with torch.no_grad():
        m5.weight = torch.eye(3)
err(assign)
def assign_shape():
    with torch.no_grad():
        lin.weight = torch.eye(2)
err(assign_shape)
