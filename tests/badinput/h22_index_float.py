# badinput: tensor indexed by a float
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3)[1.0]
