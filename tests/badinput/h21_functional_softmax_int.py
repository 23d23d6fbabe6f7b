# badinput: softmax of an int tensor
# expect-exit: 1
# expect-stderr: NotImplementedError: "softmax_lastdim_kernel_impl" not implemented for 'Long'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.softmax(torch.tensor([1,2]), 0)
