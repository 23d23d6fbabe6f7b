# The torch.distributions families added after the common ones, as probabilistic models, VAEs and
# mixture density networks use them: Pareto, Weibull, HalfCauchy, InverseGamma, Kumaraswamy,
# FisherSnedecor, NegativeBinomial, ContinuousBernoulli and MixtureSameFamily (a Gaussian mixture
# fitted by gradient descent). Seeded samples, log_prob, moments, entropy, cdf/icdf, expand,
# rsample gradients, kl_divergence of the same-family pairs, the simplex and reshaping transforms,
# LogisticNormal, biject_to/transform_to, and the constructors' ValueErrors.
import torch
import torch.distributions as D

torch.set_printoptions(precision=4)
torch.manual_seed(0)

families = [
    D.Pareto(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 0.5])),
    D.Weibull(torch.tensor([1.0, 2.0]), torch.tensor([1.5, 0.7])),
    D.HalfCauchy(torch.tensor([1.0, 2.0])),
    D.InverseGamma(torch.tensor([3.0, 1.5]), torch.tensor([2.0, 1.0])),
    D.Kumaraswamy(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 1.5])),
    D.FisherSnedecor(torch.tensor([3.0, 5.0]), torch.tensor([6.0, 2.0])),
    D.NegativeBinomial(torch.tensor([3.0, 5.0]), probs=torch.tensor([0.3, 0.6])),
    D.NegativeBinomial(torch.tensor([2.0]), logits=torch.tensor([0.5])),
    D.ContinuousBernoulli(probs=torch.tensor([0.2, 0.5, 0.9])),
    D.ContinuousBernoulli(logits=torch.tensor([-1.0, 0.001, 3.0])),
    D.MixtureSameFamily(D.Categorical(torch.tensor([0.3, 0.7])), D.Normal(torch.tensor([-1.0, 2.0]), torch.tensor([0.5, 1.0]))),
    D.LogisticNormal(torch.tensor([0.0, 1.0, -1.0]), torch.tensor([1.0, 0.5, 2.0])),
]
for d in families:
    s = d.sample((3,))
    print(type(d).__name__, tuple(d.batch_shape), tuple(d.event_shape), d.has_rsample)
    print("  sample", s)
    print("  log_prob", d.log_prob(s))
    for name in ["mean", "variance", "mode", "stddev"]:
        try:
            print("  " + name, getattr(d, name))
        except NotImplementedError:
            print("  " + name, "NotImplementedError")
    try:
        print("  entropy", d.entropy())
    except NotImplementedError:
        print("  entropy NotImplementedError")
    e = d.expand((2,) + tuple(d.batch_shape))
    print("  expand", type(e).__name__, tuple(e.batch_shape), tuple(e.sample().shape))

print(D.Pareto(1.0, 2.0).cdf(torch.tensor(3.0)), D.Pareto(1.0, 2.0).icdf(torch.tensor(0.5)))
print(D.HalfCauchy(1.0).cdf(torch.tensor(1.0)), D.HalfCauchy(1.0).icdf(torch.tensor(0.5)), D.HalfCauchy(1.0, validate_args=False).log_prob(torch.tensor(-1.0)))
print(D.Weibull(2.0, 1.5).cdf(torch.tensor(1.0)), D.Kumaraswamy(2.0, 3.0).cdf(torch.tensor(0.5)))
cb = D.ContinuousBernoulli(probs=0.3)
print(cb.cdf(torch.tensor([0.0, 0.2, 1.0])), cb.icdf(torch.tensor([0.1, 0.9])))
print(D.kl_divergence(D.Pareto(1.0, 3.0), D.Pareto(0.5, 2.0)), D.kl_divergence(D.Pareto(0.5, 3.0), D.Pareto(1.0, 2.0)))
print(D.kl_divergence(D.ContinuousBernoulli(0.2), D.ContinuousBernoulli(0.7)))

# the simplex and event-shaped transforms
x = torch.randn(2, 3)
sb = D.StickBreakingTransform()
y = sb(x)
print(y, y.sum(-1), torch.allclose(sb.inv(y), x, atol=1e-5), sb.log_abs_det_jacobian(x, y))
print(D.SoftmaxTransform()(x), sb.forward_shape(torch.Size([2, 3])), sb.inverse_shape(torch.Size([2, 4])))
it = D.IndependentTransform(D.ExpTransform(), 1)
print(it, it.domain.event_dim, it.log_abs_det_jacobian(x, it(x)))
rs = D.ReshapeTransform((2, 3), (6,))
print(rs(x).shape, rs.inv(rs(x)).shape, rs.log_abs_det_jacobian(x, rs(x)))
ln0 = D.LogisticNormal(0.0, 1.0)
print(ln0.batch_shape, ln0.event_shape, ln0.sample(), ln0.support)

# constraint registries: an unconstrained tensor mapped onto each support
from torch.distributions import biject_to, constraints, transform_to

u = torch.tensor([-1.0, 0.0, 2.0])
print(biject_to(constraints.positive), biject_to(constraints.unit_interval), biject_to(constraints.real_vector))
print(biject_to(constraints.positive)(u), biject_to(D.Beta(2.0, 3.0).support)(u), transform_to(D.Gamma(2.0, 1.0).support)(u))
print(biject_to(D.Dirichlet(torch.ones(4)).support)(u), transform_to(constraints.simplex)(u), biject_to(D.Pareto(1.0, 2.0).support)(u))
print(biject_to(constraints.interval(-1.0, 3.0))(u), biject_to(constraints.less_than(2.0))(u))
try:
    biject_to(constraints.boolean)
except NotImplementedError as e:
    print("NotImplementedError:", e)

# reparameterized samples carry gradients to the parameters
scale = torch.tensor(2.0, requires_grad=True)
D.Weibull(scale, torch.tensor(1.5)).rsample((4,)).sum().backward()
probs = torch.tensor([0.3, 0.8], requires_grad=True)
D.ContinuousBernoulli(probs=probs).rsample((2,)).sum().backward()
df = torch.tensor([4.0, 6.0], requires_grad=True)
D.FisherSnedecor(df, torch.tensor([5.0, 7.0])).rsample().sum().backward()
print(scale.grad, probs.grad, df.grad)

# a 2-D Gaussian mixture of 3 components fitted to two clusters
torch.manual_seed(1)
data = torch.cat([torch.randn(64, 2) * 0.3 + torch.tensor([2.0, 0.0]), torch.randn(64, 2) * 0.5 - 1.0])
logits = torch.zeros(3, requires_grad=True)
locs = torch.randn(3, 2, requires_grad=True)
log_scales = torch.zeros(3, 2, requires_grad=True)
opt = torch.optim.Adam([logits, locs, log_scales], lr=0.05)
for step in range(60):
    gmm = D.MixtureSameFamily(D.Categorical(logits=logits), D.Independent(D.Normal(locs, log_scales.exp()), 1))
    loss = -gmm.log_prob(data).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 20 == 0:
        print(step, round(loss.item(), 4))
print(gmm.batch_shape, gmm.event_shape, gmm.mean, gmm.variance)
print(gmm.sample((4,)))
print(gmm)
batched = D.MixtureSameFamily(D.Categorical(torch.ones(2, 3)), D.Normal(torch.zeros(2, 3), torch.ones(2, 3)))
print(batched.batch_shape, batched.sample((5,)).shape, batched.cdf(torch.zeros(2)), batched.expand((4, 2)).batch_shape)

for make in [lambda: D.MixtureSameFamily(D.Normal(0.0, 1.0), D.Normal(torch.zeros(2), torch.ones(2))),
             lambda: D.MixtureSameFamily(D.Categorical(torch.ones(2)), "normal"),
             lambda: D.MixtureSameFamily(D.Categorical(torch.ones(3)), D.Normal(torch.zeros(2), torch.ones(2))),
             lambda: D.MixtureSameFamily(D.Categorical(torch.ones(4, 2)), D.Normal(torch.zeros(3, 2), torch.ones(3, 2))),
             lambda: D.NegativeBinomial(3.0),
             lambda: D.ContinuousBernoulli(),
             lambda: D.Pareto(-1.0, 1.0),
             lambda: D.ContinuousBernoulli(probs=torch.tensor([1.5]), validate_args=True)]:
    try:
        make()
    except ValueError as e:
        print("ValueError:", e)
