# badinput: torch API misuse: view dtype bad
# expect-exit: 1
# expect-stderr: RuntimeError: self.size(-1) must be divisible by 4 to view Char as Int (different element sizes), but got 3
import torch
torch.ones(3, dtype=torch.int8).view(torch.int32)
