# badinput: Adam with eps given as a list
# expect-exit: 1
# expect-stderr: TypeError: '<=' not supported between instances of 'float' and 'list'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam([nn.Parameter(torch.randn(2))], eps=[1e-8])
