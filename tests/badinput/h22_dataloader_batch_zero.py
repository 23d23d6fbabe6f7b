# badinput: DataLoader with batch_size=0
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=0
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
DataLoader(list(range(4)), batch_size=0)
