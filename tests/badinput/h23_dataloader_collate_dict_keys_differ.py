# badinput: default_collate of dicts with different keys
# expect-exit: 1
# expect-stderr: KeyError: 'a'
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
print(next(iter(DataLoader([{"a":1},{"b":2}], batch_size=2))))
