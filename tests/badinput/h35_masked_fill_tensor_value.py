# badinput: torch API misuse: masked fill tensor value
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
import torch
torch.ones(3).masked_fill(torch.ones(3, dtype=torch.bool), torch.ones(2))
