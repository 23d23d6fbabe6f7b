# badinput: cross_entropy reduction='avg'
# expect-exit: 1
# expect-stderr: ValueError: avg is not a valid value for reduction
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.cross_entropy(torch.ones(2,3), torch.tensor([0,1]), reduction="avg"))
