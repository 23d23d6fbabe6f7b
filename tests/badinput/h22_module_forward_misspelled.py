# badinput: forward misspelled as foward
# expect-exit: 1
# expect-stderr: NotImplementedError: Module [M] is missing the required "forward" function
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
    def foward(self, x):
        return self.fc(x)
M()(torch.ones(2))
