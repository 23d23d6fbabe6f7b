# badinput: two ellipses in one index
# expect-exit: 1
# expect-stderr: IndexError: an index can only have a single ellipsis ('...')
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(3)
print(x[...,...])
