# torch.distributions.VonMises and GeneralizedPareto: seeded samples (PyTorch's draw order: VonMises'
# rejection rounds of torch.rand((3,) + shape) in double, GeneralizedPareto's icdf of one uniform per
# element), log_prob, mean/variance/mode, GeneralizedPareto's cdf/icdf/entropy/support and the
# concentration -> 0 (exponential) limit, expand, and log_prob gradients.
import torch
import torch.distributions as D


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


torch.manual_seed(0)
vm = D.VonMises(torch.tensor([0.5, -2.0, 3.0]), torch.tensor([1.0, 8.0, 0.2]))
print(vm)
s = vm.sample((4,))
print('vm sample', tuple(s.shape), s.dtype, r(s))
print('vm log_prob', r(vm.log_prob(torch.tensor([0.1, -1.5, 2.0]))))
print('vm mean', r(vm.mean), 'mode', r(vm.mode), 'variance', r(vm.variance))
vm64 = D.VonMises(torch.tensor(0.0, dtype=torch.float64), torch.tensor(50.0, dtype=torch.float64))
print('vm64', vm64.sample((3,)).dtype, r(vm64.sample((3,))))
print('vm small kappa', r(D.VonMises(torch.tensor([0.0]), torch.tensor([1e-6])).sample((2,))))
ex = vm.expand((2, 3))
print('vm expand', ex.batch_shape, r(ex.sample()))
loc = torch.tensor([0.3], requires_grad=True)
kappa = torch.tensor([0.7], requires_grad=True)
D.VonMises(loc, kappa).log_prob(torch.tensor([1.0])).sum().backward()
print('vm grads', r(loc.grad), r(kappa.grad))

torch.manual_seed(1)
gp = D.GeneralizedPareto(torch.tensor([0.0, 1.0, -1.0]), torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.5, 0.0, -0.25]))
print(gp)
x = gp.sample((3,))
print('gp sample', tuple(x.shape), r(x))
v = torch.tensor([0.5, 2.0, -0.5])
print('gp log_prob', r(gp.log_prob(v)))
print('gp cdf', r(gp.cdf(v)), 'icdf', r(gp.icdf(torch.tensor([0.1, 0.5, 0.9]))))
print('gp log_survival', r(gp.log_survival_function(v)))
print('gp mean', r(gp.mean), 'variance', r(gp.variance), 'entropy', r(gp.entropy()), 'mode', r(gp.mode))
print('gp support', gp.support)
print('gp scalar', D.GeneralizedPareto(0.0, 1.0, 0.2).batch_shape, round(D.GeneralizedPareto(0.0, 1.0, 0.2).mean.item(), 4))
print('gp heavy', r(D.GeneralizedPareto(0.0, 1.0, torch.tensor([1.5, 0.75])).mean),
      r(D.GeneralizedPareto(0.0, 1.0, torch.tensor([1.5, 0.75])).variance))
print('gp expand', gp.expand((2, 3)).batch_shape)
sc = torch.tensor([1.5], requires_grad=True)
k = torch.tensor([0.3], requires_grad=True)
D.GeneralizedPareto(torch.tensor([0.0]), sc, k).log_prob(torch.tensor([2.0])).sum().backward()
print('gp grads', r(sc.grad), r(k.grad))
