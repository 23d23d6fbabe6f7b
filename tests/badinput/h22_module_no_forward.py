# badinput: a Module subclass without forward
# expect-exit: 1
# expect-stderr: NotImplementedError: Module [M] is missing the required "forward" function
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    pass
M()(torch.ones(1))
