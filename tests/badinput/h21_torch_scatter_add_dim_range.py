# badinput: scatter_add over a missing dim
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).scatter_add(1, torch.tensor([0]), torch.ones(1))
