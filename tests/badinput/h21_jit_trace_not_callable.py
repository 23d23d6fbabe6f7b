# badinput: jit.trace of an int
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.trace(3, torch.randn(2))
