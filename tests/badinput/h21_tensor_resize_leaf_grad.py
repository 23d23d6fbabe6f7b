# badinput: resize_ of a leaf requiring grad
# expect-exit: 1
# expect-stderr: RuntimeError: cannot resize variables that require grad
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2, requires_grad=True)
x.resize_(3)
