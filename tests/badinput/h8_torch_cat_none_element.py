# badinput: PyTorch misuse: cat none element
# expect-exit: 1
# expect-stderr: TypeError: expected Tensor as element 1 in argument 0, but got NoneType
import torch
t = torch.stack([torch.zeros(2), None])
