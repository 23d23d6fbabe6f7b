# badinput: setitem of a wrong-shaped value
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (3) must match the existing size (4) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [4]
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(2,3)
x[0]=torch.ones(4)
