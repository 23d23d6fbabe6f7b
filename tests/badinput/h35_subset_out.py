# badinput: Subset with an index past its dataset
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import Subset
s = Subset([1, 2, 3], [0, 9])
s[1]
