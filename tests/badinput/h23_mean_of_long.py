# badinput: mean of an int64 tensor
# expect-exit: 1
# expect-stderr: RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.arange(4).mean())
