# badinput: torch API misuse: bool ambiguous
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
if torch.ones(2):
    pass
