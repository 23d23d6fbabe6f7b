# torch.distributions.kl: kl_divergence for the registered pairs (Normal, Categorical, Bernoulli,
# Uniform, Independent, MultivariateNormal, Exponential, Laplace, OneHotCategorical, Beta, Gamma,
# Dirichlet, Geometric, Poisson), infinities where the support is not covered, the missing-pair error,
# register_kl with most-specific dispatch, the VAE-style KL term with gradients.
import torch
from torch.distributions import (Bernoulli, Beta, Categorical, Dirichlet, Exponential, Gamma, Geometric,
                                 Independent, Laplace, MultivariateNormal, Normal, OneHotCategorical, Poisson,
                                 Uniform, kl_divergence, register_kl)


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


print(kl_divergence(Normal(0.0, 1.0), Normal(1.0, 2.0)))
print(kl_divergence(Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5])), Normal(0.0, 1.0)))
p = Categorical(torch.tensor([[0.2, 0.8], [0.5, 0.5]]))
q = Categorical(torch.tensor([0.5, 0.5]))
print(kl_divergence(p, q), kl_divergence(q, Categorical(torch.tensor([1.0, 0.0]))))
print(kl_divergence(Bernoulli(torch.tensor([0.2, 0.0, 1.0])), Bernoulli(torch.tensor([0.5, 0.3, 0.4]))))
print(kl_divergence(Bernoulli(torch.tensor([0.5])), Bernoulli(torch.tensor([0.0]))))
print(kl_divergence(Uniform(0.0, 1.0), Uniform(-1.0, 2.0)), kl_divergence(Uniform(0.0, 1.0), Uniform(0.5, 2.0)))
print(kl_divergence(Independent(Normal(torch.zeros(3, 2), torch.ones(3, 2)), 1),
                    Independent(Normal(torch.ones(3, 2), 2 * torch.ones(3, 2)), 1)))
show_err(lambda: kl_divergence(Independent(Normal(torch.zeros(3, 2), torch.ones(3, 2)), 1),
                               Independent(Normal(torch.zeros(3, 2), torch.ones(3, 2)), 2)))
cov = torch.tensor([[2.0, 0.5], [0.5, 1.0]])
m1 = MultivariateNormal(torch.tensor([0.0, 1.0]), covariance_matrix=cov)
m2 = MultivariateNormal(torch.zeros(2), precision_matrix=cov)
m3 = MultivariateNormal(torch.zeros(3, 2), scale_tril=torch.eye(2))
print(kl_divergence(m1, m2), kl_divergence(m2, m1), kl_divergence(m1, m3))
show_err(lambda: kl_divergence(m1, MultivariateNormal(torch.zeros(3), scale_tril=torch.eye(3))))
print(kl_divergence(Exponential(torch.tensor([1.0, 3.0])), Exponential(torch.tensor(2.0))))
print(kl_divergence(Laplace(0.0, 1.0), Laplace(1.0, 2.0)))
o1 = OneHotCategorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(kl_divergence(o1, OneHotCategorical(logits=torch.zeros(4))))
print(kl_divergence(Beta(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 0.5])), Beta(torch.tensor([1.0]), torch.tensor([1.0]))))
print(kl_divergence(Gamma(torch.tensor([2.0, 3.0]), torch.tensor([1.0, 0.5])), Gamma(1.0, 1.0)))
print(kl_divergence(Dirichlet(torch.tensor([1.0, 2.0, 3.0])), Dirichlet(torch.ones(3))))
print(kl_divergence(Geometric(torch.tensor([0.3])), Geometric(torch.tensor([0.6]))))
print(kl_divergence(Poisson(torch.tensor([1.0, 4.0])), Poisson(torch.tensor([2.0, 2.0]))))
show_err(lambda: kl_divergence(Normal(0.0, 1.0), Laplace(0.0, 1.0)))
show_err(lambda: kl_divergence(Normal(0.0, 1.0), Bernoulli(0.5)))


class MyNormal(Normal):
    pass


print(kl_divergence(MyNormal(0.0, 1.0), Normal(1.0, 1.0)))


@register_kl(MyNormal, Normal)
def _kl_mine(p, q):
    return torch.tensor(42.0)


print(kl_divergence(MyNormal(0.0, 1.0), Normal(1.0, 1.0)), kl_divergence(Normal(0.0, 1.0), MyNormal(1.0, 1.0)))
print(kl_divergence(MyNormal(0.0, 1.0), MyNormal(1.0, 1.0)))

# VAE: KL(q(z|x) || N(0, I)) summed over latent dims, backpropagated
torch.manual_seed(0)
mu = torch.randn(4, 3, requires_grad=True)
logvar = torch.randn(4, 3, requires_grad=True)
qz = Normal(mu, torch.exp(0.5 * logvar))
pz = Normal(torch.zeros_like(mu), torch.ones_like(mu))
z = qz.rsample()
kl = kl_divergence(qz, pz).sum(-1).mean()
kl.backward()
print(z, kl, mu.grad, logvar.grad)
