# badinput: bincount of negative values
# expect-exit: 1
# expect-stderr: RuntimeError: bincount only supports 1-d non-negative integral inputs.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.bincount(torch.tensor([1,-1]))
