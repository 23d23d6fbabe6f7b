# badinput: einsum too few operands
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): fewer operands were provided than specified in the equation
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.einsum("ij,jk->ik", torch.ones(2, 2))
