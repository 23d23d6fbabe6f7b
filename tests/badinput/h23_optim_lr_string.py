# badinput: SGD with lr='0.1'
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'float'
import torch
import torch.nn as nn
import torch.nn.functional as F
opt=torch.optim.SGD(nn.Linear(2,2).parameters(), lr="0.1")
