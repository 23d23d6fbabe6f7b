# badinput: index float
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2)[0.5]
