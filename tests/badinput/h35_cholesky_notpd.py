# badinput: linalg.cholesky of a negative-definite matrix
# expect-exit: 1
# expect-stderr: torch._C._LinAlgError: linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order 1 is not positive-definite).
import torch
torch.linalg.cholesky(-torch.eye(3))
