# badinput: tensordataset mismatch
# expect-exit: 1
# expect-stderr: AssertionError: Size mismatch between tensors
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset
TensorDataset(torch.ones(3), torch.ones(4))
