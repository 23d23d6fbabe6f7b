# badinput: scatter with a float index
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected dtype int32/int64 for index
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).scatter(0, torch.tensor([0.]), 1.0)
