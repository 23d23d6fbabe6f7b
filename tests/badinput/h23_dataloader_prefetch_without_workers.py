# badinput: prefetch_factor with num_workers=0
# expect-exit: 1
# expect-stderr: ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
DataLoader([1,2], prefetch_factor=2)
