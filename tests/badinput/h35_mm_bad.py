# badinput: torch API misuse: mm bad
# expect-exit: 1
# expect-stderr: RuntimeError: self must be a matrix
import torch
torch.mm(torch.ones(3), torch.ones(3))
