# torch.distributions continuous families: Uniform, Exponential, Laplace, Cauchy, Gumbel, HalfNormal,
# LogNormal: seeded samples (PyTorch's draw order: rand, exponential_, uniform_(eps-1, 1), cauchy_),
# log_prob/cdf/icdf/entropy/moments, shapes, reprs, expand, support, validation errors.
import torch
from torch.distributions import Cauchy, Exponential, Gumbel, HalfNormal, Laplace, LogNormal, Uniform


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
u = Uniform(torch.tensor([0.0, 1.0]), torch.tensor([2.0, 3.0]))
print(u, u.batch_shape, u.event_shape, u.support, u.has_rsample, u.arg_constraints)
print(u.sample(), u.sample((2,)), u.rsample((1, 2)).shape)
print(u.log_prob(torch.tensor([0.5, 1.5])), u.cdf(torch.tensor([0.5, 2.5])), u.icdf(torch.tensor([0.25, 0.75])))
print(u.mean, u.mode, u.stddev, u.variance, u.entropy(), u.perplexity())
ue = u.expand((3, 2))
print(ue, ue.batch_shape, ue.sample().shape)
us = Uniform(0.0, 1.0)
print(us, us.batch_shape, us.sample((3,)))
uv = Uniform(torch.tensor([0.0, 1.0]), torch.tensor([2.0, 3.0]), validate_args=False)
print(uv.log_prob(torch.tensor([-1.0, 3.5])), uv.cdf(torch.tensor([-1.0, 3.5])))
show_err(lambda: u.log_prob(torch.tensor([2.5, 0.5])))
show_err(lambda: Uniform(1.0, 0.0))
print(Uniform(1.0, 0.0, validate_args=False).entropy())
lo = torch.tensor(0.5, requires_grad=True)
hi = torch.tensor(2.0, requires_grad=True)
r = Uniform(lo, hi).rsample((4,))
r.sum().backward()
print(r, lo.grad, hi.grad)

e = Exponential(torch.tensor([1.0, 2.0]))
print(e, e.support, e.sample(), e.sample((3,)))
x = torch.tensor([0.5, 1.0])
print(e.log_prob(x), e.cdf(x), e.icdf(torch.tensor([0.1, 0.9])), e.entropy())
print(e.mean, e.mode, e.stddev, e.variance)
print(Exponential(3.0), Exponential(3.0).rsample((2,)))
show_err(lambda: Exponential(torch.tensor([1.0, -1.0])))
show_err(lambda: e.log_prob(torch.tensor([-1.0, 1.0])))

la = Laplace(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5]))
print(la, la.sample(), la.sample((2,)))
print(la.log_prob(x), la.cdf(x), la.icdf(torch.tensor([0.2, 0.7])), la.entropy())
print(la.mean, la.mode, la.stddev, la.variance, la.expand((2, 2)).batch_shape)
show_err(lambda: Laplace(0.0, 0.0))

c = Cauchy(torch.tensor([0.0, 2.0]), torch.tensor([1.0, 3.0]))
print(c, c.sample(), c.sample((3,)))
print(c.log_prob(x), c.cdf(x), c.icdf(torch.tensor([0.2, 0.7])), c.entropy())
print(c.mean, c.mode, c.variance)
print(c.stddev)

g = Gumbel(torch.tensor([1.0, 0.0]), torch.tensor([2.0, 1.0]))
print(g, g.batch_shape, g.support, g.sample(), g.sample((2,)))
print(g.log_prob(x), g.cdf(x), g.icdf(torch.tensor([0.2, 0.7])))
print(g.mean, g.mode, g.stddev, g.variance, g.entropy())
print(Gumbel(0.0, 1.0).sample((3,)), g.expand((3, 2)).sample().shape)

hn = HalfNormal(torch.tensor([1.0, 2.0]))
print(hn, hn.batch_shape, hn.support, hn.scale, hn.sample(), hn.sample((2,)))
print(hn.log_prob(x), hn.cdf(x), hn.icdf(torch.tensor([0.2, 0.7])), hn.entropy())
print(hn.mean, hn.mode, hn.variance, hn.stddev)
print(HalfNormal(torch.tensor([1.0]), validate_args=False).log_prob(torch.tensor([-1.0])))
show_err(lambda: hn.log_prob(torch.tensor([-1.0, 1.0])))

ln = LogNormal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5]))
print(ln, ln.batch_shape, ln.event_shape, ln.support, ln.loc, ln.scale, ln.has_rsample)
print(ln.sample(), ln.rsample((2,)))
print(ln.log_prob(x), ln.cdf(x), ln.icdf(torch.tensor([0.2, 0.7])), ln.entropy())
print(ln.mean, ln.mode, ln.variance)
lne = ln.expand((3, 2))
print(type(lne).__name__, lne.batch_shape, lne.log_prob(torch.ones(3, 2)).shape)
show_err(lambda: LogNormal(0.0, -1.0))
