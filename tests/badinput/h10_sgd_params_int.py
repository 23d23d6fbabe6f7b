# badinput: sgd params int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(5, lr=0.1)
