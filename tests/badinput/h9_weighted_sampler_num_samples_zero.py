# badinput: WeightedRandomSampler with num_samples=0
# expect-exit: 1
# expect-stderr: ValueError: num_samples should be a positive integer value, but got num_samples=0
import torch
from torch.utils.data import WeightedRandomSampler
WeightedRandomSampler([0.5, 0.5], 0)
