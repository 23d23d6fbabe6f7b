# badinput: Linear called with an int
# expect-exit: 1
# expect-stderr: TypeError: linear(): argument 'input' (position 1) must be Tensor, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 2)(3)
