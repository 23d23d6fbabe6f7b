# badinput: Linear called with two inputs
# expect-exit: 1
# expect-stderr: TypeError: Linear.forward() takes 2 positional arguments but 3 were given
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 2)(torch.ones(2), torch.ones(2))
