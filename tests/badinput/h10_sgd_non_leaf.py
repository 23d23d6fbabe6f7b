# badinput: sgd non leaf
# expect-exit: 1
# expect-stderr: ValueError: can't optimize a non-leaf Tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
torch.optim.SGD([x * 2], lr=0.1)
