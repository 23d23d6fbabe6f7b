# badinput: mT of a vector
# expect-exit: 1
# expect-stderr: RuntimeError: tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.randn(3).mT
