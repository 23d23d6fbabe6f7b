# badinput: nn.Linear given inputs of the wrong feature size
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x7 and 10x5)
import torch
import torch.nn as nn
m = nn.Linear(10, 5)
x = torch.randn(3, 7)
y = m(x)
