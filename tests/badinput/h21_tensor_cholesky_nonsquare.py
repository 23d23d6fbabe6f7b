# badinput: cholesky of a 2x3 matrix
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.cholesky: A must be batches of square matrices, but they are 2 by 3 matrices
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.cholesky(torch.zeros(2,3))
