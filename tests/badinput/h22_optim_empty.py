# badinput: an optimizer with no parameters
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD([], lr=0.1)
