# badinput: invert float (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: ~ (operator.invert) is only implemented on integer and Boolean-type tensors
import torch
~torch.ones(3)
