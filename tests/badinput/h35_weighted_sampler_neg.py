# badinput: WeightedRandomSampler with a negative weight
# expect-exit: 1
# expect-stderr: RuntimeError: invalid multinomial distribution (encountering probability entry < 0)
import torch
from torch.utils.data import WeightedRandomSampler
list(WeightedRandomSampler([-1.0, 1.0], 2))
