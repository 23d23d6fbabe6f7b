# badinput: expand inplace write
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(1).expand(5)
x.add_(1)
