# badinput: batch_sampler together with batch_size
# expect-exit: 1
# expect-stderr: ValueError: batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, BatchSampler, SequentialSampler
DataLoader([1,2], batch_size=2, batch_sampler=BatchSampler(SequentialSampler([1,2]),2,False))
