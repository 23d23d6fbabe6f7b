# badinput: an optimizer given dict(named_parameters())
# expect-exit: 1
# expect-stderr: TypeError: optimizer can only optimize Tensors, but one of the params is str
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
torch.optim.SGD(dict(l.named_parameters()), lr=0.1)
