# torch.distributions MultivariateNormal and Independent: the three parameterisations (Cholesky
# through torch.linalg.cholesky; precision through the flipped factor), seeded rsample = loc + L @ eps,
# log_prob (batched Mahalanobis), entropy, moments, broadcasting batch shapes, expand, gradients,
# validation errors; Independent's reinterpreted dims.
import torch
from torch.distributions import Independent, MultivariateNormal, Normal


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
cov = torch.tensor([[2.0, 0.5], [0.5, 1.0]])
mvn = MultivariateNormal(torch.tensor([0.0, 1.0]), covariance_matrix=cov)
print(mvn, mvn.batch_shape, mvn.event_shape, mvn.support, mvn.has_rsample)
print(mvn.sample(), mvn.rsample((3,)))
print(mvn.log_prob(torch.tensor([0.5, 0.5])), mvn.entropy())
print(mvn.mean, mvn.mode, mvn.variance, mvn.stddev)
print(mvn.scale_tril, mvn.precision_matrix, mvn.covariance_matrix)
mvp = MultivariateNormal(torch.zeros(2), precision_matrix=cov)
print(mvp, mvp.scale_tril, mvp.covariance_matrix, mvp.log_prob(torch.ones(3, 2)))
mvs = MultivariateNormal(torch.zeros(3, 2), scale_tril=torch.tensor([[1.0, 0.0], [0.3, 0.7]]))
print(mvs.batch_shape, mvs.sample((2,)).shape, mvs.log_prob(torch.ones(4, 3, 2)).shape, mvs.entropy())
print(mvs.log_prob(torch.tensor([[0.5, -0.5], [1.0, 2.0], [0.0, 0.0]])))
covb = torch.stack([cov, torch.eye(2) * 3.0])
mvb = MultivariateNormal(torch.tensor([1.0, -1.0]), covariance_matrix=covb)
print(mvb.batch_shape, mvb.loc, mvb.sample(), mvb.log_prob(torch.zeros(5, 2, 2)))
mve = mvn.expand((2, 3))
print(mve.batch_shape, mve.event_shape, mve.sample().shape, mve.log_prob(torch.zeros(2)).shape)
loc = torch.tensor([0.1, 0.2], requires_grad=True)
L = torch.tensor([[1.0, 0.0], [0.5, 2.0]], requires_grad=True)
d = MultivariateNormal(loc, scale_tril=L)
s = d.rsample((4,))
lp = d.log_prob(s.detach()).sum()
(s.sum() + lp).backward()
print(s, lp, loc.grad, L.grad)
show_err(lambda: MultivariateNormal(torch.tensor(0.0), covariance_matrix=cov))
show_err(lambda: MultivariateNormal(torch.zeros(2)))
show_err(lambda: MultivariateNormal(torch.zeros(2), covariance_matrix=cov, scale_tril=cov))
show_err(lambda: MultivariateNormal(torch.zeros(2), covariance_matrix=torch.tensor([[1.0, 2.0], [2.0, 1.0]])))
show_err(lambda: MultivariateNormal(torch.zeros(2), covariance_matrix=torch.tensor([[1.0, 0.5], [0.0, 1.0]])))
show_err(lambda: MultivariateNormal(torch.zeros(2), scale_tril=torch.tensor([[1.0, 0.5], [0.0, 1.0]])))
show_err(lambda: MultivariateNormal(torch.zeros(2), scale_tril=torch.ones(2)))
show_err(lambda: mvn.log_prob(torch.zeros(3)))

base = Normal(torch.zeros(3, 2), torch.ones(3, 2))
ind = Independent(base, 1)
print(ind, ind.batch_shape, ind.event_shape, ind.support, ind.has_rsample, ind.has_enumerate_support)
print(ind.sample(), ind.log_prob(torch.zeros(3, 2)), ind.entropy(), ind.mean.shape, ind.variance.shape)
ind2 = Independent(base, 2)
print(ind2.batch_shape, ind2.event_shape, ind2.log_prob(torch.zeros(4, 3, 2)).shape, ind2.entropy())
print(ind.expand((5, 3)).batch_shape, ind.expand((5, 3)).log_prob(torch.zeros(3, 2)).shape)
show_err(lambda: Independent(base, 3))
show_err(lambda: ind.enumerate_support())
