# badinput: forward wrong args
# expect-exit: 1
# expect-stderr: TypeError: Linear.forward() takes 2 positional arguments but 3 were given
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(1, 1)(torch.ones(1), torch.ones(1))
