# badinput: random_split lengths that do not add up
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
random_split(range(10), [3, 4])
