# badinput: TensorDataset of tensors with different first sizes
# expect-exit: 1
# expect-stderr: AssertionError: Size mismatch between tensors
import torch
from torch.utils.data import TensorDataset
TensorDataset(torch.ones(3), torch.ones(4))
