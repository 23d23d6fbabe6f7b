# badinput: SGD with lr given as a str (SGD compares lr < 0.0)
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'float'
import torch
import torch.nn as nn
torch.optim.SGD([nn.Parameter(torch.randn(2))], lr="0.1")
