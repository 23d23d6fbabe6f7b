# badinput: gelu with an unknown approximate
# expect-exit: 1
# expect-stderr: RuntimeError: approximate argument must be either none or tanh.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.gelu(torch.randn(3), approximate='fast')
