# badinput: PyTorch misuse: linear long input
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Long and Float
import torch
m = torch.nn.Linear(2, 3)
y = m(torch.tensor([[1, 2]]))
