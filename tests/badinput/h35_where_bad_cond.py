# badinput: torch API misuse: where bad cond
# expect-exit: 1
# expect-stderr: RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Float
import torch
torch.where(torch.ones(3), torch.ones(3), torch.zeros(3))
