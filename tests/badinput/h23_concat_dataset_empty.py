# badinput: ConcatDataset([])
# expect-exit: 1
# expect-stderr: AssertionError: datasets should not be an empty iterable
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import ConcatDataset
ConcatDataset([])
