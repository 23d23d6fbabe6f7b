# badinput: an optimizer given a misspelled hyperparameter
# expect-exit: 1
# expect-stderr: TypeError: SGD.__init__() got an unexpected keyword argument 'momentun'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1, momentun=0.9)
