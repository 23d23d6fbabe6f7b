# badinput: Tensor.to(device, dtype, non_blocking) (valid)
# expect-exit: 0
# expect-stdout: torch.float64
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.zeros(2).to('cpu', torch.float64, False).dtype)
