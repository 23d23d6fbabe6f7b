# badinput: ~ of a float tensor
# expect-exit: 1
# expect-stderr: TypeError: ~ (operator.invert) is only implemented on integer and Boolean-type tensors
import torch
import torch.nn as nn
import torch.nn.functional as F
~torch.tensor([1.0])
