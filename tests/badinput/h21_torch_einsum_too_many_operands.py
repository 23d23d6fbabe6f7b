# badinput: einsum with an extra operand
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): more operands were provided than specified in the equation
import torch
import torch.nn as nn
import torch.nn.functional as F
a=torch.randn(2,3)
torch.einsum('ij->j', a, a)
