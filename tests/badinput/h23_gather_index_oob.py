# badinput: gather index past the dim
# expect-exit: 1
# expect-stderr: RuntimeError: index 9 is out of bounds for dimension 1 with size 4
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(3,4)
print(torch.gather(x,1,torch.full((3,2),9)))
