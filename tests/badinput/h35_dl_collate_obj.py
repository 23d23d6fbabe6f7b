# badinput: default_collate of plain objects
# expect-exit: 1
# expect-stderr: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'object'>
import torch
from torch.utils.data import DataLoader
for x in DataLoader([object(), object()], batch_size=2):
    pass
