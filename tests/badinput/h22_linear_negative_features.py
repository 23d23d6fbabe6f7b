# badinput: Linear with a negative size
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [2, -1]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(-1, 2)
