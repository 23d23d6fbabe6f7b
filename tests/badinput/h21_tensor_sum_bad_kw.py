# badinput: sum with an unknown keyword
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).sum(axis=0, keep_dim=True)
