# badinput: torch.where with a float condition
# expect-exit: 1
# expect-stderr: RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Float
import torch
torch.where(torch.ones(2), torch.ones(2), torch.zeros(2))
