# badinput: t diag huge offset (issue 31 sweep)
# expect-exit: 0
# expect-stdout: torch.Size([0])
import torch
print(torch.ones(2, 2).diagonal(10**18).shape)
