# badinput: an optimizer given the model instead of its parameters
# expect-exit: 1
# expect-stderr: TypeError: 'Linear' object is not iterable
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(nn.Linear(2, 2), lr=0.1)
