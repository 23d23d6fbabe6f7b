# badinput: random split bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: Sum of input lengths does not equal the length of the input dataset!
import torch
from torch.utils.data import random_split
random_split(list(range(5)), [3, 3])
