# badinput: random_split fractions that do not sum to 1
# expect-exit: 1
# expect-stderr: ValueError
import torch
from torch.utils.data import random_split
random_split(range(10), [0.5, 0.6])
