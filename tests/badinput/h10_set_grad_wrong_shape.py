# badinput: set grad wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: assigned grad has data of a different size
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
x.grad = torch.ones(3)
