# badinput: len() of parameters()
# expect-exit: 1
# expect-stderr: TypeError: object of type 'generator' has no len()
import torch
import torch.nn as nn
import torch.nn.functional as F
len(nn.Linear(2, 2).parameters())
