# badinput: dataloader shuffle sampler (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: sampler option is mutually exclusive with shuffle
import torch
from torch.utils.data import DataLoader, SequentialSampler
d = list(range(5))
DataLoader(d, shuffle=True, sampler=SequentialSampler(d))
