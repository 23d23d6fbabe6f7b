# badinput: gather with a float index tensor
# expect-exit: 1
# expect-stderr: RuntimeError: gather(): Expected dtype int32/int64 for index
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(3,4)
print(torch.gather(x,1,torch.ones(3,2)))
