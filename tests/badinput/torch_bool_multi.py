# badinput: bool() of a 3-element tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
if torch.ones(3):
    pass
