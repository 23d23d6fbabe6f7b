# badinput: other DataLoader attributes may change after it is made (collate_fn, num_workers)
# expect-exit: 0
# expect-stdout: [3, 7]
import torch
from torch.utils.data import DataLoader
dl = DataLoader([1, 2, 3, 4], batch_size=2)
dl.collate_fn = sum
dl.tag = "x"
print(list(dl))
