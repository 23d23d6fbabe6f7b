# badinput: avgpool stride zero
# expect-exit: 1
# expect-stderr: RuntimeError: stride should not be zero
import torch
import torch.nn as nn
import torch.nn.functional as F
F.avg_pool2d(torch.ones(1, 1, 4, 4), 2, stride=0)
