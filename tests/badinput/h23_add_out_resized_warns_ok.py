# badinput: an out= of the wrong shape is resized with a warning
# expect-exit: 0
# expect-stdout: tensor([2., 2., 2.])
import torch
import torch.nn as nn
import torch.nn.functional as F
out=torch.zeros(2)
print(torch.add(torch.ones(3), 1, out=out))
