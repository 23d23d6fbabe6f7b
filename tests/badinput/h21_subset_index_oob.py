# badinput: Subset with an index past the dataset
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Subset, TensorDataset
ds = Subset(TensorDataset(torch.zeros(3)), [5])
ds[0]
