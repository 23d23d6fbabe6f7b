# badinput: clamp with neither min nor max
# expect-exit: 1
# expect-stderr: RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.clamp(torch.randn(3))
