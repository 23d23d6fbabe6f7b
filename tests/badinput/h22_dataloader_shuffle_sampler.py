# badinput: DataLoader with both a sampler and shuffle
# expect-exit: 1
# expect-stderr: ValueError: sampler option is mutually exclusive with shuffle
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
from torch.utils.data import SequentialSampler
d = list(range(4))
DataLoader(d, sampler=SequentialSampler(d), shuffle=True)
