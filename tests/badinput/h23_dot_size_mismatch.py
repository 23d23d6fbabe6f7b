# badinput: dot of vectors of different lengths
# expect-exit: 1
# expect-stderr: RuntimeError: inconsistent tensor size, expected tensor [2] and src [3] to have the same number of elements, but got 2 and 3 elements respectively
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.dot(torch.ones(2), torch.ones(3)))
