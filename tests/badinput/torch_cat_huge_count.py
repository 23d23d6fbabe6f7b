# badinput: cat of a list of 100000 tensors works
# expect-exit: 0
# expect-stdout: torch.Size([100000])
import torch
x = torch.cat([torch.ones(1)] * 100000)
print(x.shape)
