# badinput: tensor index out of bounds
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3)[5]
