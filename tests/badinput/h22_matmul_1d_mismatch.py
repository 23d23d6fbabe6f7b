# badinput: dot product of vectors of different lengths
# expect-exit: 1
# expect-stderr: RuntimeError: inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3) @ torch.ones(4)
