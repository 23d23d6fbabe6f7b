# badinput: huber loss with negative delta
# expect-exit: 1
# expect-stderr: RuntimeError: huber_loss does not support non-positive values for delta.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.huber_loss(torch.zeros(2), torch.zeros(2), delta=-1.0)
