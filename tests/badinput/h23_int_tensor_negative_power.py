# badinput: an int tensor to a negative int power
# expect-exit: 1
# expect-stderr: RuntimeError: Integers to negative integer powers are not allowed.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([2]) ** -1)
