# badinput: scatter float index
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected dtype int32/int64 for index
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2).scatter_(0, torch.tensor([0.0]), 1.0)
