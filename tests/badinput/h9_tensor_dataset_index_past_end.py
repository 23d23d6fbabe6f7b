# badinput: TensorDataset indexed past its end
# expect-exit: 1
# expect-stderr: IndexError: index 3 is out of bounds for dimension 0 with size 3
import torch
from torch.utils.data import TensorDataset
TensorDataset(torch.ones(3, 2))[3]
