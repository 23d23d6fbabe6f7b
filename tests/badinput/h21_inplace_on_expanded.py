# badinput: in-place add into an expanded tensor
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.zeros(1, 3).expand(2, 3)
x.add_(1)
