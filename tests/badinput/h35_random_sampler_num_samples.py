# badinput: RandomSampler with num_samples 0
# expect-exit: 1
# expect-stderr: ValueError: num_samples should be a positive integer value, but got num_samples=0
import torch
from torch.utils.data import RandomSampler
RandomSampler([1, 2], num_samples=0)
