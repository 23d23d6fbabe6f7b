# torch.special: the scipy-style names of torch kernels (expit, gammaln, psi, exp2, ...) and entr /
# xlog1py with their special values, on tensors and through autograd.
import torch
from torch.special import expm1, expit, gammaln, xlogy, xlog1py, entr

x = torch.tensor([-2.0, -0.5, 0.0, 1e-6, 0.5, 3.0])
print(torch.special.expit(x))
print(torch.special.expm1(x), expm1(torch.tensor([1e-8])).item())
print(torch.special.exp2(x), torch.special.log1p(torch.tensor([0.0, 1e-7, 1.0])))
p = torch.tensor([0.5, 1.5, 2.0, 10.0])
print(torch.special.gammaln(p), torch.special.digamma(p), torch.special.psi(p))
print(torch.special.polygamma(1, p))
print(torch.special.erf(x), torch.special.erfc(x))
print(torch.special.erfinv(torch.tensor([-0.9, 0.0, 0.5])))
print(torch.special.logit(torch.tensor([0.1, 0.5, 0.9])), torch.special.logit(torch.tensor([0.0, 1.0]), eps=1e-6))
print(torch.special.sinc(x), torch.special.round(torch.tensor([0.5, 1.5, 2.567]), decimals=1))
m = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]])
print(torch.special.logsumexp(m, dim=1), torch.special.logsumexp(m, 0, keepdim=True))
print(torch.special.softmax(m, 1), torch.special.log_softmax(m, dim=0))
print(torch.special.softmax(m, 1, dtype=torch.float64).dtype)
print(xlogy(torch.tensor([0.0, 1.0, 2.0]), torch.tensor([0.0, 2.0, 3.0])), xlogy(2.0, torch.tensor([4.0])))
print(xlog1py(torch.tensor([0.0, 0.0, 2.0, 1.0]), torch.tensor([-1.0, float('nan'), 1.0, 0.5])))
print(xlog1py(torch.tensor([3.0]), 1.0), xlog1py(2, torch.tensor([1.0, 3.0])))
print(entr(torch.tensor([0.0, 0.25, 1.0, -1.0, float('nan'), 2.0])))
print(entr(torch.tensor([1, 2])))
q = torch.tensor([0.2, 0.7, 1.3], requires_grad=True)
entr(q).sum().backward()
print(q.grad)
q.grad = None
expit(q).sum().backward()
print(q.grad)
q.grad = None
gammaln(q).sum().backward()
print(q.grad)
