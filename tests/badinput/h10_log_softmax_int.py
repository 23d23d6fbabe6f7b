# badinput: log softmax int
# expect-exit: 1
# expect-stderr: NotImplementedError: "log_softmax_lastdim_kernel_impl" not implemented for 'Long'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([1, 2]).log_softmax(0)
