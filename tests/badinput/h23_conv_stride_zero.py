# badinput: Conv2d with stride 0
# expect-exit: 1
# expect-stderr: RuntimeError: non-positive stride is not supported
import torch
import torch.nn as nn
import torch.nn.functional as F
print(nn.Conv2d(3, 4, 1, stride=0)(torch.ones(1,3,4,4)))
