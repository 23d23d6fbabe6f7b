# badinput: DataLoader given batch_sampler and batch_size: 'batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last'
# expect-exit: 1
# expect-stderr: ValueError: batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last
import torch
from torch.utils.data import DataLoader, BatchSampler, SequentialSampler
ds = list(range(10))
DataLoader(ds, batch_size=2, batch_sampler=BatchSampler(SequentialSampler(ds), 2, False))
