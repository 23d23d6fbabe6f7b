# badinput: dataset getitem raises (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: KeyError: 0
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self):
        return 3
    def __getitem__(self, i):
        raise KeyError(i)
list(DataLoader(D()))
