# badinput: PyTorch misuse: linear double input
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float
import torch
m = torch.nn.Linear(2, 3)
y = m(torch.zeros(1, 2, dtype=torch.float64))
