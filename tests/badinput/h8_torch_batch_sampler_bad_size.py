# badinput: PyTorch misuse: batch sampler bad size
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=0
import torch
from torch.utils.data import BatchSampler, SequentialSampler
BatchSampler(SequentialSampler([1]), batch_size=0, drop_last=False)
