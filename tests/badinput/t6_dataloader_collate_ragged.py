# badinput: dataloader collate ragged (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1
import torch
from torch.utils.data import DataLoader
list(DataLoader([torch.ones(2), torch.ones(3)], batch_size=2))
