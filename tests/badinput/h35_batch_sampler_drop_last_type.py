# badinput: BatchSampler with a str drop_last
# expect-exit: 1
# expect-stderr: ValueError: drop_last should be a boolean value, but got drop_last=yes
import torch
from torch.utils.data import BatchSampler, SequentialSampler
BatchSampler(SequentialSampler([1]), 1, "yes")
