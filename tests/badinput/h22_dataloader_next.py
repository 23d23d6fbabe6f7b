# badinput: next() on a DataLoader itself
# expect-exit: 1
# expect-stderr: TypeError: 'DataLoader' object is not an iterator
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
next(DataLoader(list(range(4))))
