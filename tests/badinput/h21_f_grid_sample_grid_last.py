# badinput: grid_sample with a grid whose last dim is 3
# expect-exit: 1
# expect-stderr: RuntimeError: grid_sampler(): expected grid to have size 2 in last dimension, but got grid with sizes [1, 2, 2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.grid_sample(torch.randn(1,1,4,4), torch.randn(1,2,2,3), align_corners=False)
