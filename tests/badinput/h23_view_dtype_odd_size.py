# badinput: view as float64 of 3 float32s
# expect-exit: 1
# expect-stderr: RuntimeError: self.size(-1) must be divisible by 2 to view Float as Double (different element sizes), but got 3
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(3).view(torch.float64))
