# badinput: PyTorch misuse: dataloader dict missing key
# expect-exit: 1
# expect-stderr: KeyError: 'y'
import torch
from torch.utils.data import DataLoader
data = [{'x': torch.zeros(2), 'y': 1}, {'x': torch.zeros(2)}]
for b in DataLoader(data, batch_size=2):
    pass
