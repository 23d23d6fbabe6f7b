# badinput: sum over the same dim twice
# expect-exit: 1
# expect-stderr: RuntimeError: dim 0 appears multiple times in the list of dims
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).sum(dim=(0, 0))
