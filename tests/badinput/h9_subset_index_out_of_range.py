# badinput: a Subset index past the dataset
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import Subset
Subset([1, 2, 3], [5])[0]
