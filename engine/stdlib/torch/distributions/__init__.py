# torch.distributions: probability distributions in Kiln's Python, as PyTorch's (sampling through
# PyTorch's RNG draw order: normal_ fills, torch.bernoulli, torch.multinomial). Distribution,
# ExponentialFamily, Normal, Bernoulli, Categorical and the constraints they validate with.
from torch.distributions import constraints
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical

__all__ = ["Distribution", "ExponentialFamily", "Normal", "Bernoulli", "Categorical", "constraints"]
