# badinput: linspace with negative steps
# expect-exit: 1
# expect-stderr: RuntimeError: number of steps must be non-negative
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linspace(0, 1, -1)
