# badinput: masked fill float mask
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype float
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).masked_fill(torch.ones(2), 0)
