# badinput: random_split fractions summing past 1
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
from torch.utils.data import random_split
random_split(range(10), [0.5, 0.6])
