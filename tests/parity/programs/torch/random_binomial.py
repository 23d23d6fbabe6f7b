# torch.binomial under manual_seed: ATen's sample_binomial (binomial inversion for count * p < 10,
# BTRS above, the p > 0.5 mirror) drawing doubles from the CPU generator in element order, in float32
# (products rounded to float as ATen's scalar_t) and float64; prob broadcast to count's shape; a
# generator=; the edge cases (count 0, p 0 and 1, NaN p); Binomial.sample; the integer-dtype refusal.
import torch

torch.manual_seed(0)
count = torch.tensor([0.0, 5.0, 10.0, 40.0, 100.0, 1000.0, 37.0, 3.0])
prob = torch.tensor([0.3, 0.2, 0.5, 0.4, 0.05, 0.7, 0.95, 1.0])
print(torch.binomial(count, prob))
print(torch.binomial(count.double(), prob.double()))
print(torch.binomial(torch.full((2, 3), 50.0), torch.tensor([0.1, 0.5, 0.9])))
g = torch.Generator().manual_seed(7)
print(torch.binomial(torch.tensor([20.0, 200.0]), torch.tensor([0.5, 0.25]), generator=g))
print(torch.binomial(torch.tensor([10.0, 10.0]), torch.tensor([0.0, float("nan")])))
print(torch.rand(2))
d = torch.distributions.Binomial(total_count=torch.tensor([10.0, 60.0]), probs=torch.tensor([0.3, 0.6]))
print(d.sample((3,)))
p = torch.tensor([0.5], requires_grad=True)
s = torch.binomial(torch.tensor([30.0]), p)
print(s, s.requires_grad)
try:
    torch.binomial(torch.tensor([3, 4]), torch.tensor([0.5, 0.5]))
except (RuntimeError, NotImplementedError) as e:
    print(type(e).__name__, e)
