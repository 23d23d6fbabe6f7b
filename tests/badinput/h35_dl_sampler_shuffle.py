# badinput: DataLoader with both sampler and shuffle=True
# expect-exit: 1
# expect-stderr: ValueError: sampler option is mutually exclusive with shuffle
import torch
from torch.utils.data import DataLoader, SequentialSampler
d = [1, 2, 3]
DataLoader(d, sampler=SequentialSampler(d), shuffle=True)
