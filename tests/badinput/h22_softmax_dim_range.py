# badinput: Softmax over a dim the tensor lacks
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Softmax(dim=1)(torch.ones(3))
