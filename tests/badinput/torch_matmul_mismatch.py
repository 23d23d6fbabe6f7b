# badinput: matmul of incompatible matrices
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)
import torch
torch.ones(2, 3) @ torch.ones(2, 3)
