# badinput: PyTorch misuse: dataloader batch sampler drop last
# expect-exit: 1
# expect-stderr: ValueError: batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last
import torch
from torch.utils.data import DataLoader, BatchSampler, SequentialSampler
bs = BatchSampler(SequentialSampler([1, 2]), batch_size=1, drop_last=False)
DataLoader([1, 2], batch_sampler=bs, drop_last=True)
