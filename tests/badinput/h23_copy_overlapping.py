# badinput: copy_ between overlapping views
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.arange(4.)
x[1:].copy_(x[:-1])
print(x)
