# badinput: checkpoint of a function returning a Python float
# expect-exit: 0
# expect-stdout: 4.0
import torch
from torch.utils.checkpoint import checkpoint
x = torch.ones(2, requires_grad=True)
y = checkpoint(lambda a: (a * 2).sum().item(), x, use_reentrant=False)
print(y)
