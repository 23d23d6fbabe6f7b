# badinput: F.pad with an odd-length pad tuple
# expect-exit: 1
# expect-stderr: RuntimeError: Padding length must be divisible by 2
import torch
import torch.nn.functional as F
F.pad(torch.ones(2, 3), (1,))
