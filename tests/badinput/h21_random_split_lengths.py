# badinput: random_split lengths not summing to the dataset size
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import random_split, TensorDataset
ds=TensorDataset(torch.arange(10))
random_split(ds,[3,3])
