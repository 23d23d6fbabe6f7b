# badinput: DataLoader with num_workers=-1
# expect-exit: 1
# expect-stderr: ValueError: num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
DataLoader(list(range(4)), num_workers=-1)
