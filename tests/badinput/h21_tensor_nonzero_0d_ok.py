# badinput: nonzero of a 0-d tensor (valid)
# expect-exit: 0
# expect-stdout: torch.Size([1, 0])
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor(5).nonzero().shape)
