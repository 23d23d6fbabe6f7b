# badinput: assigning a submodule before super().__init__()
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign module before Module.__init__() call
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 2)
M()
