# badinput: an integer tensor into nn.Linear
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Long and Float
import torch
import torch.nn as nn
m = nn.Linear(3, 2)
y = m(torch.tensor([[1, 2, 3]]))
