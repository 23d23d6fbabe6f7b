# badinput: TensorDataset of a list
# expect-exit: 1
# expect-stderr: AttributeError: 'list' object has no attribute 'size'
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset
TensorDataset([1,2])
