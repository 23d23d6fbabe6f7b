# torch.distributions: probability distributions in Kiln's Python, as PyTorch 2.11's (one module per
# distribution, PyTorch's layout), sampling in PyTorch's RNG draw order so seeded samples match.
from torch.distributions import constraints, transforms
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.uniform import Uniform
from torch.distributions.exponential import Exponential
from torch.distributions.laplace import Laplace
from torch.distributions.cauchy import Cauchy
from torch.distributions.independent import Independent
from torch.distributions.transformed_distribution import TransformedDistribution
from torch.distributions.transforms import *
from torch.distributions.log_normal import LogNormal
from torch.distributions.half_normal import HalfNormal
from torch.distributions.gumbel import Gumbel
