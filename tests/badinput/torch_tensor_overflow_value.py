# badinput: torch.tensor([2**63])
# expect-exit: 1
# expect-stderr: Overflow when unpacking long
import torch
torch.tensor([2**63])
