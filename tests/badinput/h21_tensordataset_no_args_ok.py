# badinput: TensorDataset of no tensors (valid, empty length fails)
# expect-exit: 1
# expect-stderr: IndexError: tuple index out of range
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset
len(TensorDataset())
