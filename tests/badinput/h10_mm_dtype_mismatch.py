# badinput: mm dtype mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: expected m1 and m2 to have the same dtype, but got: float != double
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 2).mm(torch.ones(2, 2, dtype=torch.float64))
