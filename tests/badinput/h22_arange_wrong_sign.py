# badinput: arange going the wrong way
# expect-exit: 1
# expect-stderr: RuntimeError: upper bound and lower bound inconsistent with step sign
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(10, 0)
