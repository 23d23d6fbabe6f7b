# badinput: dataloader shuffle sampler
# expect-exit: 1
# expect-stderr: ValueError: sampler option is mutually exclusive with shuffle
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, SequentialSampler
d = list(range(4))
DataLoader(d, shuffle=True, sampler=SequentialSampler(d))
