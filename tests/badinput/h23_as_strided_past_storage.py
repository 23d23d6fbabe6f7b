# badinput: as_strided reaching past the storage
# expect-exit: 1
# expect-stderr: requiring a storage size of 20 are out of bounds for storage of size 16
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.arange(4.)
print(torch.as_strided(x,(3,),(2,)))
