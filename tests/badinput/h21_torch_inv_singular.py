# badinput: linalg.inv of a singular matrix
# expect-exit: 1
# expect-stderr: the input matrix is singular
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.inv(torch.zeros(3,3))
