# badinput: tensor dataset size mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: AssertionError: Size mismatch between tensors
import torch
from torch.utils.data import TensorDataset
TensorDataset(torch.ones(3), torch.ones(4))
