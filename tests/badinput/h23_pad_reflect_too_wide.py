# badinput: reflect padding wider than the input
# expect-exit: 1
# expect-stderr: Padding size should be less than the corresponding input dimension, but got: padding (5, 5) at dimension 2 of input [1, 1, 4]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.pad(torch.ones(1,1,4), (5,5), mode="reflect"))
