# badinput: DataLoader with batch_size 0
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=0
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2, 3], batch_size=0)
