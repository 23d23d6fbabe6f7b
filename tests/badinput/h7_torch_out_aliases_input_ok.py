# badinput: out= that is one of the inputs (allowed, elementwise)
# expect-exit: 0
# expect-stdout: tensor([2., 2., 2.])
import torch
a = torch.ones(3)
torch.add(a, a, out=a)
print(a)
