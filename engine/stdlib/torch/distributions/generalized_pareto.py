# torch.distributions.generalized_pareto: GeneralizedPareto(loc, scale, concentration) as PyTorch
# 2.11 defines it (after TensorFlow Probability's): sample is icdf of one torch.rand draw per element;
# icdf, log_prob, log_survival_function, log_cdf and cdf treat a concentration close to 0
# (torch.isclose) as the exponential limit; mean and variance NaN where they do not exist (k >= 1,
# k >= 1/2); entropy log(scale) + k + 1; the support [loc, inf), or, when any concentration is
# negative, an interval whose upper bound is loc + scale/|k| there and inf elsewhere.
import math
from numbers import Number, Real

import torch
from torch.distributions import constraints
from torch.distributions.distribution import Distribution
from torch.distributions.utils import broadcast_all

__all__ = ["GeneralizedPareto"]


class GeneralizedPareto(Distribution):
    arg_constraints = {"loc": constraints.real, "scale": constraints.positive, "concentration": constraints.real}
    support = constraints.real
    has_rsample = False

    def __init__(self, loc, scale, concentration, validate_args=None):
        self.loc, self.scale, self.concentration = broadcast_all(loc, scale, concentration)
        if isinstance(loc, Number) and isinstance(scale, Number) and isinstance(concentration, Number):
            batch_shape = torch.Size()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(GeneralizedPareto, _instance)
        batch_shape = torch.Size(batch_shape)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        new.concentration = self.concentration.expand(batch_shape)
        super(GeneralizedPareto, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            return self.icdf(torch.rand(shape, dtype=self.loc.dtype, device=self.loc.device))

    def _z(self, x):
        return (x - self.loc) / self.scale

    def _nonzero_concentration(self):
        # (concentration is ~0, the concentration with those entries replaced by 1)
        k = self.concentration
        near_zero = torch.isclose(k, torch.tensor(0.0))
        return near_zero, torch.where(near_zero, torch.ones_like(k), k)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        near_zero, safe_k = self._nonzero_concentration()
        y = 1 / safe_k + torch.ones_like(z)
        nonzero_part = torch.where(y == 0, y, y * torch.log1p(safe_k * z))
        log_scale = math.log(self.scale) if isinstance(self.scale, Real) else self.scale.log()
        return -log_scale - torch.where(near_zero, z, nonzero_part)

    def log_survival_function(self, value):
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        near_zero, safe_k = self._nonzero_concentration()
        return torch.where(near_zero, -z, -torch.log1p(safe_k * z) / safe_k)

    def log_cdf(self, value):
        return torch.log1p(-torch.exp(self.log_survival_function(value)))

    def cdf(self, value):
        return torch.exp(self.log_cdf(value))

    def icdf(self, value):
        near_zero, safe_k = self._nonzero_concentration()
        neglog1mp = -torch.log1p(-value)
        return self.loc + self.scale * torch.where(near_zero, neglog1mp,
                                                   torch.expm1(self.concentration * neglog1mp) / safe_k)

    @property
    def mean(self):
        k = self.concentration
        valid = k < 1
        safe_k = torch.where(valid, k, torch.tensor(0.5, dtype=k.dtype))
        result = self.loc + self.scale / (1 - safe_k)
        return torch.where(valid, result, torch.full_like(result, math.nan))

    @property
    def variance(self):
        k = self.concentration
        valid = k < torch.tensor(0.5, dtype=k.dtype)
        safe_k = torch.where(valid, k, torch.tensor(0.25, dtype=k.dtype))
        result = self.scale**2 / ((1 - safe_k) ** 2 * (1 - 2 * safe_k)) + torch.zeros_like(self.loc)
        return torch.where(valid, result, torch.full_like(result, math.nan))

    def entropy(self):
        return torch.broadcast_to(torch.log(self.scale) + self.concentration + 1, self._batch_shape)

    @property
    def mode(self):
        return self.loc

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        # bounded above where the concentration is negative (loc + scale / |k|), unbounded elsewhere
        if (self.concentration < 0).any():
            upper = torch.where(self.concentration < 0, self.loc + self.scale / self.concentration.abs(),
                                torch.full_like(self.loc, math.inf))
            return constraints.interval(self.loc, upper)
        return constraints.greater_than_eq(self.loc)
