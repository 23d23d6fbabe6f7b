# badinput: expand fewer dims
# expect-exit: 1
# expect-stderr: RuntimeError: expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3).expand(3)
