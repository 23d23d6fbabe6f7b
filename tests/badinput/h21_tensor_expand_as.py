# badinput: expand_as to a smaller shape
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2].  Tensor sizes: [3]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).expand_as(torch.zeros(2))
