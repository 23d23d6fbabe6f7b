# badinput: PyTorch misuse: tensor dataset not tensor
# expect-exit: 1
# expect-stderr: AttributeError: 'list' object has no attribute 'size'
import torch
from torch.utils.data import TensorDataset
TensorDataset([1, 2])
