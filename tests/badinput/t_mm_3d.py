# badinput: t mm 3d (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: self must be a matrix
import torch
torch.mm(torch.ones(2, 2, 2), torch.ones(2, 2))
