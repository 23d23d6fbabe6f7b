# badinput: expand a non-singleton dim
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3, 3].  Tensor sizes: [2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).expand(3, 3)
