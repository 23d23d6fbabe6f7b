# badinput: a tensor searched in a list of tensors (== gives a tensor)
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
torch.ones(3) in [torch.zeros(3)]
