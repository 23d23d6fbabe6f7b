# badinput: GRU fed the wrong feature size
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 4, got 3
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.GRU(4, 5)(torch.randn(2,3,3))
