# badinput: a collate_fn that raises
# expect-exit: 1
# expect-stderr: ValueError: bad batch
import torch
from torch.utils.data import DataLoader
def collate(b):
    raise ValueError('bad batch')
next(iter(DataLoader([1, 2], collate_fn=collate)))
