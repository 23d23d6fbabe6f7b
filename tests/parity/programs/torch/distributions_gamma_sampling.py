# Gamma-family sampling: ATen's _standard_gamma (Marsaglia-Tsang with boosted alpha < 1: one double
# uniform, then normals / uniforms per trial from torch's generator, sharing its cached Box-Muller
# normal) for Gamma, Chi2, StudentT (normal fill first, then the Chi2 draws), _sample_dirichlet (double
# gammas normalised) for Dirichlet and Beta; seeded values, the Gamma and Dirichlet/Beta reparameterized
# gradients, and interleaving with other draws (torch.randn after an odd number of normals).
import torch
from torch.distributions import Beta, Chi2, Dirichlet, Gamma, StudentT

torch.manual_seed(0)
g = Gamma(torch.tensor([2.0, 0.5, 10.0]), torch.tensor([1.0, 2.0, 0.5]))
print(g.sample(), g.sample((2,)))
print(torch.randn(3), torch.rand(2))
print(Gamma(3.0, 1.0).sample((4,)), Gamma(torch.tensor([0.1]), torch.tensor([1.0])).sample((3,)))
print(Gamma(torch.tensor([2.0], dtype=torch.float64), torch.tensor([1.0], dtype=torch.float64)).sample((3,)))
s = g.sample((500,))
print(s.shape, s.mean(0), s.var(0))
c = torch.tensor([2.0, 0.5, 12.0], requires_grad=True)
r = Gamma(c, torch.tensor(1.5)).rsample((3,))
r.sum().backward()
print(r, c.grad)

torch.manual_seed(1)
print(Chi2(torch.tensor([1.0, 4.0])).sample((2,)))
st = StudentT(torch.tensor([3.0, 10.0]), torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
print(st.sample(), st.sample((3,)))
df = torch.tensor([4.0], requires_grad=True)
y = StudentT(df).rsample((2,))
y.sum().backward()
print(y, df.grad)

torch.manual_seed(2)
d = Dirichlet(torch.tensor([[1.0, 2.0, 3.0], [0.3, 0.3, 0.3]]))
x = d.sample()
print(x, x.sum(-1), d.sample((2,)).shape, d.log_prob(x))
b = Beta(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 0.5]))
print(b.sample(), b.sample((3,)), Beta(2.0, 5.0).sample())
print(torch.rand(2))
c = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x = Dirichlet(c).rsample()
x[0].backward()
print(x, c.grad)
a = torch.tensor([2.0, 8.0, 0.5], requires_grad=True)
b = torch.tensor([3.0, 9.0, 0.5], requires_grad=True)
y = Beta(a, b).rsample((2,))
y.sum().backward()
print(y, a.grad, b.grad)
