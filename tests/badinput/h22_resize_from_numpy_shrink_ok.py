# badinput: shrinking a tensor made by torch.from_numpy
# expect-exit: 0
# expect-stdout: torch.Size([2])
import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
a = torch.from_numpy(np.zeros(3, dtype=np.float32))
print(a.resize_(2).shape)
