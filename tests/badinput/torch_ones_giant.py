# badinput: torch.ones(2**63): the size does not fit int64
# expect-exit: 1
# expect-stderr: Overflow when unpacking long
import torch
torch.ones(2**63)
