# badinput: torch.nn / utils misuse: checkpoint raises
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
import torch
from torch.utils.checkpoint import checkpoint
x = torch.ones(2, requires_grad=True)
checkpoint(lambda a: 1 / 0, x, use_reentrant=False)
