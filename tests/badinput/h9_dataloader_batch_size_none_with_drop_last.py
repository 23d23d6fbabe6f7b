# badinput: batch_size=None with drop_last=True
# expect-exit: 1
# expect-stderr: ValueError: batch_size=None option disables auto-batching and is mutually exclusive with drop_last
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], batch_size=None, drop_last=True)
