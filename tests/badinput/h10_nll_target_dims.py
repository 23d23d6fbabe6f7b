# badinput: nll target dims
# expect-exit: 1
# expect-stderr: RuntimeError: 0D or 1D target tensor expected, multi-target not supported
import torch
import torch.nn as nn
import torch.nn.functional as F
F.nll_loss(torch.randn(2, 3), torch.tensor([[0], [1]]))
