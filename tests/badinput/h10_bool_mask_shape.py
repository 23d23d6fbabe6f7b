# badinput: bool mask shape
# expect-exit: 1
# expect-stderr: IndexError: The shape of the mask [1] at index 0 does not match the shape of the indexed tensor [2, 2] at index 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 2)[torch.tensor([True])]
