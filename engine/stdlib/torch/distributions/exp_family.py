# torch.distributions.exp_family: the base of the exponential families (Bernoulli, Beta, Dirichlet,
# Exponential, Gamma, Normal, Poisson). A family with density p(x; eta) = h(x) exp(<eta, t(x)> - A(eta))
# gives its natural parameters eta (_natural_params), its log-normalizer A (_log_normalizer) and
# E[log h(x)] (_mean_carrier_measure); from them the entropy is a Bregman divergence computed by
# autograd (grad A(eta) is E[t(x)]), and so is kl_divergence between two members of one family
# (kl.py). The concrete families override entropy with their closed forms, as in PyTorch.
import torch
from torch.distributions.distribution import Distribution
from torch.distributions.utils import _sum_rightmost


class ExponentialFamily(Distribution):
    @property
    def _natural_params(self):
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        # H = A(eta) - <eta, grad A(eta)> - E[log h(x)]
        result = -self._mean_carrier_measure
        nparams = [p.detach().requires_grad_() for p in self._natural_params]
        lg_normal = self._log_normalizer(*nparams)
        gradients = torch.autograd.grad(lg_normal.sum(), nparams, create_graph=True)
        result += lg_normal
        for np, g in zip(nparams, gradients):
            result -= _sum_rightmost(np * g, len(self.event_shape))
        return result
