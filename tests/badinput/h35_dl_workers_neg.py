# badinput: DataLoader with num_workers -1
# expect-exit: 1
# expect-stderr: ValueError: num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.
import torch
from torch.utils.data import DataLoader
DataLoader([1], num_workers=-1)
