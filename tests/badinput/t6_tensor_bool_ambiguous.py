# badinput: tensor bool ambiguous (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
if torch.ones(2):
    pass
