# badinput: smooth_l1_loss with negative beta
# expect-exit: 1
# expect-stderr: RuntimeError: smooth_l1_loss does not support negative values for beta.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.smooth_l1_loss(torch.zeros(2), torch.zeros(2), beta=-1.0)
