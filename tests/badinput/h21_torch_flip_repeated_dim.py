# badinput: flip with a repeated dim
# expect-exit: 1
# expect-stderr: RuntimeError: dim 0 appears multiple times in the list of dims
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.flip(torch.randn(2,3), (0,0))
