# badinput: PyTorch misuse: dataloader persistent without workers
# expect-exit: 1
# expect-stderr: ValueError: persistent_workers option needs num_workers > 0
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], persistent_workers=True)
