# badinput: cross_entropy on a 0-d input
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.tensor(1.0), torch.tensor(0))
