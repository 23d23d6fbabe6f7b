# badinput: DataLoader with both batch_sampler and batch_size
# expect-exit: 1
# expect-stderr: ValueError: batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last
import torch
from torch.utils.data import DataLoader, BatchSampler, SequentialSampler
d = [1, 2, 3]
DataLoader(d, batch_sampler=BatchSampler(SequentialSampler(d), 2, False), batch_size=2)
