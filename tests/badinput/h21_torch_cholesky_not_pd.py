# badinput: cholesky of a non positive-definite matrix
# expect-exit: 1
# expect-stderr: not positive-definite
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.cholesky(-torch.eye(2))
