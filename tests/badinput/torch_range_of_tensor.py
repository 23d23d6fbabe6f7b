# badinput: range() of a 2-element tensor
# expect-exit: 1
# expect-stderr: TypeError: only integer tensors of a single element can be converted to an index
import torch
range(torch.tensor([1, 2]))
