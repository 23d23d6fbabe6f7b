# badinput: ConcatDataset of nothing
# expect-exit: 1
# expect-stderr: AssertionError: datasets should not be an empty iterable
import torch
from torch.utils.data import ConcatDataset
ConcatDataset([])
