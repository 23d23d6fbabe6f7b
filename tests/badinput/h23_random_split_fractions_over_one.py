# badinput: random_split fractions summing to 1.1
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import random_split
print([len(s) for s in random_split(range(10), [0.5, 0.6])])
