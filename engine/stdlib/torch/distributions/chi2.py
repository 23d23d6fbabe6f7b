# torch.distributions.chi2: Chi2(df) as PyTorch's: Gamma(df / 2, 1 / 2); log_prob, entropy, moments,
# expand; sampling is Gamma's.
import torch
from torch.distributions import constraints
from torch.distributions.gamma import Gamma
from torch.distributions.utils import broadcast_all


class Chi2(Gamma):
    arg_constraints = {"df": constraints.positive}

    def __init__(self, df, validate_args=None):
        (df,) = broadcast_all(df)
        super().__init__(0.5 * df, torch.tensor(0.5), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Chi2, _instance)
        return super().expand(batch_shape, new)

    @property
    def df(self):
        return self.concentration * 2
