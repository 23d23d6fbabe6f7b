# badinput: empty_strided with a negative size
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [2, -1]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.empty_strided((2,-1),(1,1))
