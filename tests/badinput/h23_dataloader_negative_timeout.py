# badinput: DataLoader timeout=-1
# expect-exit: 1
# expect-stderr: ValueError: timeout option should be non-negative
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
DataLoader([1,2], timeout=-1)
