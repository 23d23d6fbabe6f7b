# badinput: chunk into 0 pieces
# expect-exit: 1
# expect-stderr: RuntimeError: chunk expects `chunks` to be greater than 0, got: 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3).chunk(0)
