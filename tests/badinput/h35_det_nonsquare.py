# badinput: linalg.det of a 2x3 matrix
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices
import torch
torch.linalg.det(torch.ones(2, 3))
