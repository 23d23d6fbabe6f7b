# badinput: t expand index put (issue 31 sweep)
# expect-exit: 0
import torch
x = torch.zeros(1).expand(3)
x[0] = 5
