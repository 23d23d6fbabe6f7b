# badinput: conv2d with a bias of the wrong size
# expect-exit: 1
# expect-stderr: RuntimeError: Given weight of size [2, 1, 3, 3], expected bias to be 1-dimensional with 2 elements, but got bias of size [3] instead
import torch
import torch.nn as nn
import torch.nn.functional as F
F.conv2d(torch.zeros(1,1,4,4), torch.zeros(2,1,3,3), torch.zeros(3))
