# badinput: addmm with mismatched matrices
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.addmm(torch.zeros(2,2), torch.zeros(2,3), torch.zeros(2,2))
