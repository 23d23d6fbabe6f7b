# badinput: a float64 tensor into a float32 nn.Linear
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float
import torch
import torch.nn as nn
m = nn.Linear(3, 2)
y = m(torch.zeros(2, 3, dtype=torch.float64))
