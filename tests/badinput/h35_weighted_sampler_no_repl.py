# badinput: WeightedRandomSampler drawing more than it has without replacement
# expect-exit: 1
# expect-stderr: RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement
import torch
from torch.utils.data import WeightedRandomSampler
list(WeightedRandomSampler([1.0, 1.0], 5, replacement=False))
