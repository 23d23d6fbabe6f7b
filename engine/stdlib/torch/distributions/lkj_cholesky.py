# torch.distributions.LKJCholesky(dim, concentration): the LKJ distribution over lower Cholesky
# factors of correlation matrices, as PyTorch's (after NumPyro's): sampling by the onion method with
# PyTorch's draws in its order (one Beta sample of shape sample + batch + (dim,), then standard
# normals of the full event shape, lower part kept), log_prob with the LKJ normalizer (lgamma and
# mvlgamma), expand. Support constraints.corr_cholesky.
import math

import torch
from torch.distributions import constraints
from torch.distributions.beta import Beta
from torch.distributions.distribution import Distribution
from torch.distributions.utils import broadcast_all

__all__ = ["LKJCholesky"]


class LKJCholesky(Distribution):
    arg_constraints = {"concentration": constraints.positive}
    support = constraints.corr_cholesky

    def __init__(self, dim, concentration=1.0, validate_args=None):
        if dim < 2:
            raise ValueError(f"Expected dim to be an integer greater than or equal to 2. Found dim={dim}.")
        self.dim = dim
        (self.concentration,) = broadcast_all(concentration)
        batch_shape = self.concentration.size()
        event_shape = torch.Size((dim, dim))
        # The onion method's Beta draws, one per row: row i (i >= 1) takes Beta(i/2, eta + (dim - 1 - i)/2)
        # as a vectorised Beta(offset + 1/2, marginal - offset/2) over the rows, row 0's unused.
        marginal = self.concentration + 0.5 * (self.dim - 2)
        offset = torch.arange(self.dim - 1, dtype=self.concentration.dtype, device=self.concentration.device)
        offset = torch.cat([offset.new_zeros((1,)), offset])
        self._beta = Beta(offset + 0.5, marginal.unsqueeze(-1) - 0.5 * offset)
        super().__init__(batch_shape, event_shape, validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(LKJCholesky, _instance)
        batch_shape = torch.Size(batch_shape)
        new.dim = self.dim
        new.concentration = self.concentration.expand(batch_shape)
        new._beta = self._beta.expand(batch_shape + (self.dim,))
        super(LKJCholesky, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape=torch.Size()):
        # Each row below the first: a direction uniform on the sphere of its strictly lower part,
        # scaled by the square root of its Beta draw; the diagonal completes the row to unit norm.
        y = self._beta.sample(sample_shape).unsqueeze(-1)
        normal = torch.randn(self._extended_shape(sample_shape), dtype=y.dtype, device=y.device).tril(-1)
        sphere = normal / normal.norm(dim=-1, keepdim=True)
        sphere[..., 0, :].fill_(0.0)  # row 0 divided 0 by 0
        w = torch.sqrt(y) * sphere
        tiny = torch.finfo(w.dtype).tiny
        diag = torch.clamp(1 - torch.sum(w ** 2, dim=-1), min=tiny).sqrt()
        w += torch.diag_embed(diag)
        return w

    def log_prob(self, value):
        # det(L L^T)^(eta - 1) times the Jacobian of L -> L L^T: prod_i L_ii^(2 eta - 2 + dim - i) over
        # rows i >= 1 (1-based order 2..dim), less the normalizer of Lewandowski et al. (2009).
        if self._validate_args:
            self._validate_sample(value)
        diag = value.diagonal(dim1=-1, dim2=-2)[..., 1:]
        order = torch.arange(2, self.dim + 1, device=self.concentration.device)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order
        unnormalized = torch.sum(order * diag.log(), dim=-1)
        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        denominator = torch.lgamma(alpha) * dm1
        numerator = torch.mvlgamma(alpha - 0.5, dm1)
        pi_constant = 0.5 * dm1 * math.log(math.pi)
        return unnormalized - (pi_constant + numerator - denominator)
