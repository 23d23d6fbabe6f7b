# badinput: einsum too many operands
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): more operands were provided than specified in the equation
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.einsum("ij->i", torch.ones(2, 2), torch.ones(2))
