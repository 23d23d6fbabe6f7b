# badinput: a one-element float tensor as a list index
# expect-exit: 1
# expect-stderr: TypeError: only integer tensors of a single element can be converted to an index
import torch
[1, 2, 3][torch.tensor(1.0)]
