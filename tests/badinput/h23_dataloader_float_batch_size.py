# badinput: DataLoader batch_size=1.5
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=1.5
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
DataLoader([1,2], batch_size=1.5)
