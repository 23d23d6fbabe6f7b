# badinput: nll_loss of a 1-D input and a 0-D target
# expect-exit: 0
# expect-stdout: tensor(-1.)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.nll_loss(torch.ones(3), torch.tensor(1)))
