# badinput: batch_sampler together with batch_size
# expect-exit: 1
# expect-stderr: ValueError: batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2, 3], batch_sampler=[[0, 1]], batch_size=2)
