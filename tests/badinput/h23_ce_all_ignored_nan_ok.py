# badinput: cross_entropy with every target ignored is nan
# expect-exit: 0
# expect-stdout: tensor(nan)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.cross_entropy(torch.ones(2,3), torch.tensor([-100,-100])))
