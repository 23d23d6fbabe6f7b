# torch._sample_dirichlet and torch._standard_gamma called directly, as torchvision's RandomMixUp /
# RandomCutMix draw their mixing weight (float(torch._sample_dirichlet(torch.tensor([a, a]))[0])),
# with seeded draws matching torch.distributions' Dirichlet/Gamma samplers, a Generator argument,
# float64 inputs, batched concentrations, the gradient of _standard_gamma, and
# torch._standard_gamma_grad / torch._dirichlet_grad.
import torch

torch.manual_seed(0)
for alpha in (0.2, 1.0, 2.5):
    lam = float(torch._sample_dirichlet(torch.tensor([alpha, alpha]))[0])
    print(f"alpha {alpha}: lambda {lam:.6f}")
torch.manual_seed(1)
a = torch._sample_dirichlet(torch.tensor([[0.5, 1.0, 2.0], [3.0, 3.0, 3.0]]))
print(a, a.sum(-1))
torch.manual_seed(1)
b = torch.distributions.Dirichlet(torch.tensor([[0.5, 1.0, 2.0], [3.0, 3.0, 3.0]])).sample()
print(torch.equal(a, b))
g = torch.Generator().manual_seed(5)
c = torch._sample_dirichlet(torch.tensor([1.0, 2.0], dtype=torch.float64), generator=g)
g = torch.Generator().manual_seed(5)
d = torch._sample_dirichlet(torch.tensor([1.0, 2.0], dtype=torch.float64), generator=g)
print(c.dtype, torch.equal(c, d), f"{c[0].item():.10f}")
torch.manual_seed(2)
x = torch._standard_gamma(torch.tensor([0.5, 1.0, 4.0]))
torch.manual_seed(2)
y = torch.distributions.Gamma(torch.tensor([0.5, 1.0, 4.0]), torch.tensor(1.0)).sample()
print([round(v, 5) for v in x.tolist()], torch.equal(x, y))
alpha = torch.tensor([0.7, 2.0], requires_grad=True)
torch.manual_seed(3)
z = torch._standard_gamma(alpha)
z.sum().backward()
print([round(v, 5) for v in z.tolist()], [round(v, 5) for v in alpha.grad.tolist()], z.requires_grad)
print([round(v, 5) for v in torch._standard_gamma_grad(torch.tensor([0.7, 2.0]), torch.tensor([0.3, 1.5])).tolist()])
print([round(v, 5) for v in torch._dirichlet_grad(torch.tensor([0.3, 0.6]), torch.tensor([1.0, 2.0]), torch.tensor([3.0, 3.0])).tolist()])
