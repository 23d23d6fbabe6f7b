# badinput: DataLoader(None) iterated
# expect-exit: 1
# expect-stderr: TypeError
import torch
from torch.utils.data import DataLoader
list(DataLoader(None))
