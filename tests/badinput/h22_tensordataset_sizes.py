# badinput: TensorDataset of tensors with different lengths
# expect-exit: 1
# expect-stderr: AssertionError: Size mismatch between tensors
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
TensorDataset(torch.ones(3), torch.ones(4))
