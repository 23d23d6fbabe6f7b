# badinput: Adam with lr given as a str
# expect-exit: 1
# expect-stderr: TypeError: '<=' not supported between instances of 'float' and 'str'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.Adam([nn.Parameter(torch.randn(2))], lr='0.1')
