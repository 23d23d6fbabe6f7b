# badinput: assigning a Parameter before super().__init__()
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign parameters before Module.__init__() call
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.ones(2))
M()
