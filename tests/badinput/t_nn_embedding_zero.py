# badinput: t nn embedding zero (issue 31 sweep)
# expect-exit: 0
# expect-stdout: torch.Size([0, 2])
import torch
print(torch.nn.Embedding(0, 2).weight.shape)
