# badinput: detach_() on a non-leaf then backward
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
y = x * 2
y.detach_()
y.sum().backward()
