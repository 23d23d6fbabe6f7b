# badinput: a batch mixing tensors and strings in one field
# expect-exit: 1
# expect-stderr: Error
import torch
from torch.utils.data import DataLoader
data = [torch.ones(2), 'text']
next(iter(DataLoader(data, batch_size=2)))
