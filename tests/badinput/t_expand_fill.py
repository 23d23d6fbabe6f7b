# badinput: t expand fill (issue 31 sweep)
# expect-exit: 0
# expect-stdout:         [0., 0., 0.]])
import torch
x = torch.zeros(1, 3).expand(2, 3)
x.zero_()
print(x)
