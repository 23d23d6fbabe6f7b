# torch.distributions.transforms and TransformedDistribution: Exp/Affine/Sigmoid/Tanh/Abs/Compose
# transforms (call, inverse, log|det J|, sign, domain/codomain, reprs, caching), a tanh-squashed
# Gaussian policy (SAC's rsample + log_prob), a logistic distribution, cdf/icdf through the transforms.
import math

import torch
from torch.distributions import Normal, TransformedDistribution, Uniform
from torch.distributions.transforms import (AffineTransform, ComposeTransform, ExpTransform, SigmoidTransform,
                                            TanhTransform)

x = torch.tensor([-1.0, 0.0, 0.5, 2.0])
for t in [ExpTransform(), AffineTransform(1.0, -2.0), SigmoidTransform(), TanhTransform()]:
    y = t(x)
    print(t, t.domain, t.codomain, t.bijective, t.sign, y, t.inv(y), t.log_abs_det_jacobian(x, y))
print(ExpTransform().inv, ExpTransform().inv.inv, ExpTransform().inv.domain, ExpTransform() == ExpTransform())
print(AffineTransform(0.0, torch.tensor([1.0, -2.0])).sign, AffineTransform(1.0, 2.0) == AffineTransform(1.0, 2.0))
ct = ComposeTransform([ExpTransform(), AffineTransform(0.0, 2.0)])
print(ct, ct.inv, ct.sign, ct.bijective, ct(x), ct.inv(ct(x)), ct.log_abs_det_jacobian(x, ct(x)))
at = AffineTransform(torch.zeros(3), torch.tensor([1.0, 2.0, 3.0]), event_dim=1)
print(at.domain, at.codomain, at.log_abs_det_jacobian(torch.ones(2, 3), at(torch.ones(2, 3))))
tc = TanhTransform(cache_size=1)
y = tc(x)
print(tc.inv(y) is x, tc.inv(y))

# SAC-style squashed Gaussian
torch.manual_seed(0)
mu = torch.tensor([[0.1, -0.3], [1.0, 2.0]], requires_grad=True)
std = torch.tensor([[0.5, 1.0], [0.2, 0.3]], requires_grad=True)
pi = TransformedDistribution(Normal(mu, std), [TanhTransform(cache_size=1)])
a = pi.rsample()
lp = pi.log_prob(a).sum(-1)
(lp.sum() + a.sum()).backward()
print(pi, pi.batch_shape, pi.event_shape, pi.support, pi.has_rsample)
print(a, lp, mu.grad, std.grad)
print(pi.sample((2,)).shape)

# logistic distribution: sigmoid^-1 of a uniform, shifted and scaled
logistic = TransformedDistribution(Uniform(0.0, 1.0), [SigmoidTransform().inv, AffineTransform(1.0, 2.0)])
v = torch.tensor([0.0, 1.0, 3.0])
print(logistic.sample((3,)), logistic.log_prob(v), logistic.cdf(v), logistic.icdf(torch.tensor([0.1, 0.5, 0.9])))
neg = TransformedDistribution(Normal(0.0, 1.0), [AffineTransform(0.0, -1.0), ExpTransform()])
print(neg.cdf(torch.tensor([0.5, 2.0])), neg.icdf(torch.tensor([0.3])), neg.log_prob(torch.tensor([0.5])))
ne = TransformedDistribution(Normal(torch.zeros(2), torch.ones(2)), ExpTransform()).expand((3, 2))
print(ne.batch_shape, ne.base_dist.batch_shape, ne.sample().shape)
try:
    TransformedDistribution(Normal(0.0, 1.0), [ExpTransform, 1])
except ValueError as e:
    print("ValueError", e)
print(math.isclose(float(logistic.cdf(logistic.icdf(torch.tensor(0.3)))), 0.3, rel_tol=1e-5))
