# badinput: cholesky not pd
# expect-exit: 1
# expect-stderr: torch._C._LinAlgError: linalg.cholesky: The factorization could not be completed because the input is not positive-definite
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.cholesky(-torch.eye(2))
