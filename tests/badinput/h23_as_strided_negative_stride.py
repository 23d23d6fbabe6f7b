# badinput: as_strided with a negative stride
# expect-exit: 1
# expect-stderr: RuntimeError: as_strided: Negative strides are not supported at the moment, got strides: [-1]
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.arange(4.)
print(torch.as_strided(x,(2,),(-1,)))
