# badinput: layers kept in a plain list are not parameters
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 2)]
m = M()
torch.optim.SGD(m.parameters(), lr=0.1)
