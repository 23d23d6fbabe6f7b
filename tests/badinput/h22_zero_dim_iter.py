# badinput: iterating a 0-d tensor
# expect-exit: 1
# expect-stderr: TypeError: iteration over a 0-d tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
for v in torch.tensor(3.0):
    pass
