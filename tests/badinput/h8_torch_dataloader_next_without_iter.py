# badinput: PyTorch misuse: dataloader next without iter
# expect-exit: 1
# expect-stderr: TypeError: 'DataLoader' object is not an iterator
import torch
from torch.utils.data import DataLoader
dl = DataLoader([1, 2])
next(dl)
