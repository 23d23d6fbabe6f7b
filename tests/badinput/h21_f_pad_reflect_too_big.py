# badinput: reflect padding as large as the input
# expect-exit: 1
# expect-stderr: RuntimeError: Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (3, 3) at dimension 2 of input [1, 1, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.pad(torch.randn(1,1,3), (3,3), mode='reflect')
