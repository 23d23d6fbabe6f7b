# badinput: BatchSampler with batch_size -1
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=-1
import torch
from torch.utils.data import BatchSampler, SequentialSampler
BatchSampler(SequentialSampler([1]), -1, False)
