# badinput: inplace broadcast grow
# expect-exit: 1
# expect-stderr: RuntimeError: output with shape [2] doesn't match the broadcast shape [3, 2]
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2)
x += torch.ones(3, 2)
