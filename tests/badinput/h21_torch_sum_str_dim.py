# badinput: sum with a str dim
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).sum(dim='a')
