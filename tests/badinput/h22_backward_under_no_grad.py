# badinput: backward of a result computed under no_grad
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = (x * 2).sum()
y.backward()
