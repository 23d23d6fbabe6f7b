# badinput: t manual seed negative (issue 31 sweep)
# expect-exit: 0
# expect-stdout: torch.Size([1])
import torch
torch.manual_seed(-1)
print(torch.rand(1).shape)
