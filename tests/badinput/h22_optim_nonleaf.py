# badinput: optimizing a computed tensor
# expect-exit: 1
# expect-stderr: ValueError: can't optimize a non-leaf Tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
torch.optim.Adam([x * 2], lr=0.1)
