# badinput: Linear called without an input
# expect-exit: 1
# expect-stderr: TypeError: Linear.forward() missing 1 required positional argument: 'input'
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 2)()
