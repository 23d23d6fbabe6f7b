# badinput: DataLoader prefetch_factor without workers
# expect-exit: 1
# expect-stderr: ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.
import torch
from torch.utils.data import DataLoader
DataLoader([1], prefetch_factor=2)
