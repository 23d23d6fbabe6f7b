# badinput: a float inside a size tuple
# expect-exit: 1
# expect-stderr: TypeError: zeros(): argument 'size' failed to unpack the object at pos 2 with error "type must be tuple of ints,but got float"
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.zeros((2, 2.0)))
