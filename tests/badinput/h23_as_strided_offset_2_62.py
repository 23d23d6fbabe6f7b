# badinput: as_strided with a storage offset of 2**62
# expect-exit: 1
# expect-stderr: requiring a storage size of more than 2**64 are out of bounds for storage of size 16
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.arange(4.)
print(torch.as_strided(x,(2,),(1,),2**62))
