# badinput: multiprocessing_context with num_workers=0
# expect-exit: 1
# expect-stderr: ValueError: multiprocessing_context can only be used with multi-process loading (num_workers > 0), but got num_workers=0
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], multiprocessing_context="spawn")
