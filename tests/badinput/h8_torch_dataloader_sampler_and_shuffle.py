# badinput: PyTorch misuse: dataloader sampler and shuffle
# expect-exit: 1
# expect-stderr: ValueError: sampler option is mutually exclusive with shuffle
import torch
from torch.utils.data import DataLoader, SequentialSampler
DataLoader([1, 2], sampler=SequentialSampler([1, 2]), shuffle=True)
