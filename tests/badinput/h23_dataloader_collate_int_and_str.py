# badinput: default_collate of an int and a str
# expect-exit: 1
# expect-stderr: TypeError: new(): invalid data type 'str'
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
print(next(iter(DataLoader([1, "a"], batch_size=2))))
