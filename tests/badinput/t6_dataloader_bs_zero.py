# badinput: dataloader bs zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: batch_size should be a positive integer value, but got batch_size=0
import torch
from torch.utils.data import DataLoader
DataLoader(list(range(5)), batch_size=0)
