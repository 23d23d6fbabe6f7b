# badinput: a float64 tensor into a float32 nn.Conv2d
# expect-exit: 1
# expect-stderr: RuntimeError: Input type (double) and bias type (float) should be the same
import torch
import torch.nn as nn
m = nn.Conv2d(3, 2, 3)
y = m(torch.zeros(1, 3, 5, 5, dtype=torch.float64))
