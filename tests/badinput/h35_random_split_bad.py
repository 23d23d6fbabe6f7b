# badinput: random_split lengths not summing to the dataset's
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
from torch.utils.data import random_split
random_split(range(10), [3, 3])
