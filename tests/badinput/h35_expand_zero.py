# badinput: zero_ of an expanded view (allowed)
# expect-exit: 0
# expect-stdout: tensor([0., 0., 0.])
import torch
x = torch.zeros(1).expand(3)
x.zero_()
print(x)
