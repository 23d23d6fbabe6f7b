# badinput: x[0] = 5 on an expanded view writes the one shared element
# expect-exit: 0
# expect-stdout: tensor([5., 5., 5.])
import torch
x = torch.zeros(1).expand(3)
x[0] = 5
print(x)
