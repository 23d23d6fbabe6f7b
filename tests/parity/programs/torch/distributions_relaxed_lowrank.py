# torch.distributions RelaxedBernoulli / LogitRelaxedBernoulli, RelaxedOneHotCategorical /
# ExpRelaxedCategorical (Gumbel-softmax: one torch.rand draw per rsample) and LowRankMultivariateNormal
# (two normal_ fills: the factor noise, then the diagonal noise): seeded rsamples, log_prob, entropy,
# derived matrices, shapes, reprs, gradients, validation errors.
import torch
from torch.distributions import LowRankMultivariateNormal, MultivariateNormal, RelaxedBernoulli, RelaxedOneHotCategorical
from torch.distributions.relaxed_bernoulli import LogitRelaxedBernoulli
from torch.distributions.relaxed_categorical import ExpRelaxedCategorical


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
temp = torch.tensor(0.5)
lrb = LogitRelaxedBernoulli(temp, probs=torch.tensor([0.2, 0.7]))
print(lrb, lrb.batch_shape, lrb.support, lrb.rsample(), lrb.rsample((2,)))
print(lrb.log_prob(torch.tensor([0.3, -1.0])), lrb.logits)
rb = RelaxedBernoulli(temp, logits=torch.tensor([0.0, 1.5, -2.0]))
print(rb, rb.batch_shape, rb.support, rb.temperature, rb.probs)
s = rb.rsample((2,))
print(s, rb.log_prob(s), rb.sample().shape, rb.expand((4, 3)).rsample().shape)
logits = torch.tensor([0.5, -0.5], requires_grad=True)
y = RelaxedBernoulli(torch.tensor(0.2), logits=logits).rsample()
y.sum().backward()
print(y, logits.grad)
show_err(lambda: RelaxedBernoulli(temp, probs=torch.tensor([1.5])))
show_err(lambda: RelaxedBernoulli(temp))

erc = ExpRelaxedCategorical(temp, probs=torch.tensor([0.1, 0.3, 0.6]))
print(erc, erc.batch_shape, erc.event_shape, erc.support)
z = erc.rsample()
print(z, z.exp().sum(), erc.log_prob(z))
roh = RelaxedOneHotCategorical(torch.tensor(1.0), logits=torch.tensor([[1.0, 0.0, -1.0], [0.0, 0.0, 0.0]]))
print(roh, roh.batch_shape, roh.event_shape, roh.support, roh.probs)
x = roh.rsample((2,))
print(x, x.sum(-1), roh.log_prob(x), roh.expand((5, 2)).batch_shape)
lg = torch.zeros(4, requires_grad=True)
g = RelaxedOneHotCategorical(torch.tensor(0.3), logits=lg).rsample()
(g * torch.arange(4.0)).sum().backward()
print(g, lg.grad)

W = torch.tensor([[1.0, 0.5], [0.0, 1.0], [0.3, -0.2]])
D = torch.tensor([0.5, 1.0, 2.0])
lr = LowRankMultivariateNormal(torch.zeros(3), W, D)
print(lr, lr.batch_shape, lr.event_shape, lr.support)
print(lr.rsample(), lr.sample((2,)))
v = torch.tensor([0.5, -1.0, 2.0])
full = MultivariateNormal(torch.zeros(3), covariance_matrix=lr.covariance_matrix)
print(lr.log_prob(v), full.log_prob(v), lr.entropy(), full.entropy())
print(lr.mean, lr.mode, lr.variance, lr.covariance_matrix, lr.scale_tril, lr.precision_matrix)
lrb2 = LowRankMultivariateNormal(torch.zeros(2, 3), W, D)
print(lrb2.batch_shape, lrb2.log_prob(torch.ones(4, 2, 3)).shape, lrb2.entropy(), lrb2.expand((3, 2)).sample().shape)
show_err(lambda: LowRankMultivariateNormal(torch.zeros(3), W.T, D))
show_err(lambda: LowRankMultivariateNormal(torch.zeros(3), W, torch.ones(2)))
show_err(lambda: LowRankMultivariateNormal(torch.zeros(3), W, -D))
show_err(lambda: LowRankMultivariateNormal(torch.zeros(3), torch.ones(3), D))
