# badinput: cholesky of -I
# expect-exit: 1
# expect-stderr: linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order 1 is not positive-definite).
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.linalg.cholesky(-torch.eye(2)))
