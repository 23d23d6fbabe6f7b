# badinput: randperm(-1)
# expect-exit: 1
# expect-stderr: RuntimeError: n must be non-negative, got-1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.randperm(-1)
