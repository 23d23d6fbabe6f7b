# torch.distributions.Wishart and LKJCholesky: seeded samples (Wishart's Bartlett decomposition with
# Chi2 diagonals and its correction pass, LKJ's onion method with Beta draws), log_prob, entropy,
# moments, batch shapes, expand, rsample gradients, and argument errors.
import warnings

import torch
from torch.distributions import LKJCholesky, Wishart, constraints


def r(t, n=4):
    return [round(v, n) for v in t.flatten().tolist()]


torch.manual_seed(0)
cov = torch.tensor([[2.0, 0.3, 0.1], [0.3, 1.0, -0.2], [0.1, -0.2, 1.5]], dtype=torch.float64)
w = Wishart(df=torch.tensor(5.0, dtype=torch.float64), covariance_matrix=cov)
print(w.batch_shape, w.event_shape, w.df.item())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    s = w.sample()
print('warnings', [str(c.message) for c in caught])
print('sample', r(s))
print('symmetric', torch.allclose(s, s.mT), 'pd', bool(constraints.positive_definite.check(s)))
print('log_prob', round(w.log_prob(s).item(), 6))
print('entropy', round(w.entropy().item(), 6))
print('mean', r(w.mean))
print('variance', r(w.variance))
print('mode', r(w.mode))
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    ss = w.sample((4,))
print('sample((4,))', tuple(ss.shape), r(ss.diagonal(dim1=-2, dim2=-1)))
print('next draw', r(torch.rand(3)))

# precision_matrix and scale_tril parameterizations, batched df
P = torch.linalg.inv(cov)
w2 = Wishart(df=4.5, precision_matrix=P)
print('precision->covariance', r(w2.covariance_matrix))
L = torch.linalg.cholesky(cov)
w3 = Wishart(df=torch.tensor([3.5, 6.0], dtype=torch.float64), scale_tril=L)
print('batched', w3.batch_shape, w3.event_shape)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    sb = w3.sample()
print('batched sample', tuple(sb.shape), r(sb.diagonal(dim1=-2, dim2=-1)))
print('batched log_prob', r(w3.log_prob(sb), 5))
print('expand', w.expand((2,)).batch_shape)

# rsample is differentiable in the scale
Lr = L.clone().requires_grad_()
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    x = Wishart(df=6.0, scale_tril=Lr).rsample()
x.trace().backward()
print('grad scale_tril', r(Lr.grad))

for bad in (lambda: Wishart(df=1.5, covariance_matrix=cov),
            lambda: Wishart(df=3.0, covariance_matrix=torch.ones(3)),
            lambda: Wishart(df=3.0)):
    try:
        bad()
    except (ValueError, AssertionError) as e:
        print(type(e).__name__, e)

# LKJCholesky
torch.manual_seed(1)
lkj = LKJCholesky(3, 0.5)
print(lkj.batch_shape, lkj.event_shape, lkj.support)
Ls = lkj.sample()
print('L', r(Ls))
print('rows unit', r(Ls.norm(dim=-1)), 'in support', bool(constraints.corr_cholesky.check(Ls)))
print('log_prob', round(lkj.log_prob(Ls).item(), 6))
Lb = LKJCholesky(4, torch.tensor([0.5, 1.0, 3.0])).sample((2,))
print('batched', tuple(Lb.shape), r(Lb[1, 2]))
print('batched log_prob', r(LKJCholesky(4, torch.tensor([0.5, 1.0, 3.0])).log_prob(Lb), 5))
print('expand', LKJCholesky(2, 2.0).expand((3,)).batch_shape, r(LKJCholesky(2, 2.0).expand((3,)).sample()))
try:
    LKJCholesky(1, 1.0)
except ValueError as e:
    print('ValueError', e)
