# badinput: default_collate of dicts whose keys differ between samples
# expect-exit: 1
# expect-stderr: KeyError: 'x'
import torch
from torch.utils.data import DataLoader
data = [{"x": torch.ones(1)}, {"y": torch.ones(1)}]
for b in DataLoader(data, batch_size=2):
    print(b)
