# badinput: backward on a non-scalar output
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for scalar outputs
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.randn(3, requires_grad=True)
(x * 2).backward()
