# badinput: PyTorch misuse: dataloader prefetch without workers
# expect-exit: 1
# expect-stderr: ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocess
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], prefetch_factor=2)
