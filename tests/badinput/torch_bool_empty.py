# badinput: bool() of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with no values is ambiguous
import torch
if torch.ones(0):
    pass
