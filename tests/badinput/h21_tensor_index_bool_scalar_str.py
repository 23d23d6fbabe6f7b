# badinput: tensor indexed by a str
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got str)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3)['a']
