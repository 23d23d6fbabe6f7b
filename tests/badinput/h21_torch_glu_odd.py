# badinput: glu over an odd-sized dim
# expect-exit: 1
# expect-stderr: RuntimeError: Halving dimension must be even, but dimension 0 is size 3
import torch
import torch.nn as nn
import torch.nn.functional as F
F.glu(torch.randn(3))
