# badinput: flip dup dims
# expect-exit: 1
# expect-stderr: RuntimeError: dim 0 appears multiple times in the list of dims
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.flip(torch.ones(2, 2), [0, 0])
