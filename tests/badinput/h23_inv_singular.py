# badinput: inverse of a zero matrix
# expect-exit: 1
# expect-stderr: torch._C._LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.linalg.inv(torch.zeros(2,2)))
