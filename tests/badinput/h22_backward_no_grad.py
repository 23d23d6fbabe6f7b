# badinput: backward through a tensor that does not require grad
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.randn(3).sum().backward()
