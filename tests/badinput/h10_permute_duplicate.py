# badinput: permute duplicate
# expect-exit: 1
# expect-stderr: RuntimeError: permute(): duplicate dims are not allowed.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).permute(0, 0)
