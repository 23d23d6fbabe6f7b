# badinput: einsum with a missing operand
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): fewer operands were provided than specified in the equation
import torch
import torch.nn as nn
import torch.nn.functional as F
a=torch.randn(2,3)
torch.einsum('ij,jk->ik', a)
