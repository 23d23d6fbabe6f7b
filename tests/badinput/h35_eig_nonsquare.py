# badinput: linalg.eig of a non-square matrix
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.eig: A must be batches of square matrices, but they are 3 by 4 matrices
import torch
torch.linalg.eig(torch.randn(3, 4))
