# badinput: expand bad
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2].  Tensor sizes: [3]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3).expand(2)
