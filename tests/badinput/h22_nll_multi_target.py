# badinput: nll_loss with a column of targets
# expect-exit: 1
# expect-stderr: RuntimeError: 0D or 1D target tensor expected, multi-target not supported
import torch
import torch.nn as nn
import torch.nn.functional as F
F.nll_loss(torch.randn(3, 5), torch.tensor([[1], [2], [3]]))
