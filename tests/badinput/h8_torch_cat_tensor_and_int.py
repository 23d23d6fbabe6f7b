# badinput: PyTorch misuse: cat tensor and int
# expect-exit: 1
# expect-stderr: TypeError: expected Tensor as element 1 in argument 0, but got int
import torch
t = torch.cat([torch.zeros(2), 1])
