# torch.distributions.exp_family: the exponential-family base of Normal and Bernoulli (they define
# their own entropy; the Bregman-divergence entropy of PyTorch's base is not needed by them).
from torch.distributions.distribution import Distribution


class ExponentialFamily(Distribution):
    pass
