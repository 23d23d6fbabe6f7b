# badinput: linalg.inv of a singular matrix
# expect-exit: 1
# expect-stderr: torch._C._LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.
import torch
torch.linalg.inv(torch.zeros(2, 2))
