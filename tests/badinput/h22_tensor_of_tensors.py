# badinput: torch.tensor of a list of multi-element tensors
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([torch.ones(2), torch.ones(2)])
