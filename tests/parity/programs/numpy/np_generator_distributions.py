# numpy.random.Generator distributions beyond the basics, bit-exact with NumPy
import numpy as np
rng = np.random.default_rng(2024)
print(rng.standard_gamma(0.5, 4), rng.standard_gamma(1.0, 2), rng.standard_gamma(3.5, 4), rng.standard_gamma(2.0))
print(rng.gamma(2.0, 3.0, size=3), rng.beta(0.5, 0.7, size=3), rng.beta(2.0, 5.0, size=3))
print(rng.chisquare(3, 3), rng.standard_t(5, 3), rng.standard_cauchy(3))
print(rng.lognormal(0.5, 0.25, 3), rng.laplace(1.0, 2.0, 3), rng.gumbel(0, 1, 3), rng.logistic(0, 1, 3))
print(rng.rayleigh(2.0, 3), rng.weibull(1.5, 3), rng.pareto(3.0, 3), rng.power(2.0, 3))
print(rng.poisson(3.5, 8), rng.poisson(25.0, 8), rng.poisson(1000.0, 4), rng.poisson(0.0, 2), rng.poisson(4.2))
big = np.random.default_rng(5)
p = big.poisson(12.5, 20000)
g = big.gamma(0.3, 1.0, 20000)
b = big.beta(3.0, 0.4, 20000)
print(p[:10], p.sum(), g.sum(), b.sum(), g.min() >= 0)
