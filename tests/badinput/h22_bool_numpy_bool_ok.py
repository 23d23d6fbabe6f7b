# badinput: a NumPy bool for keepdim
# expect-exit: 0
# expect-stdout: torch.Size([1, 3])
import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
print(torch.ones(2, 3).sum(0, keepdim=np.bool_(True)).shape)
