# badinput: a parameter group without 'params'
# expect-exit: 1
# expect-stderr: KeyError: 'params'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD([{'lr': 0.1}], lr=0.1)
