# badinput: multiprocessing_context='spawn' with workers loads as usual
# expect-exit: 0
# expect-stdout: [tensor([1, 2])]
import torch
from torch.utils.data import DataLoader
print(list(DataLoader([1, 2], batch_size=2, num_workers=2, multiprocessing_context="spawn")))
