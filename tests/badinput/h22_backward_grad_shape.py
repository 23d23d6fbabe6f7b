# badinput: backward with a gradient of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a shape of torch.Size([3]).
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(3, requires_grad=True)
(x * 2).backward(torch.ones(2))
