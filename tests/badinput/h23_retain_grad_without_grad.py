# badinput: retain_grad on a tensor that does not require grad
# expect-exit: 1
# expect-stderr: RuntimeError: can't retain_grad on Tensor that has requires_grad=False
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2)
x.retain_grad()
