# badinput: PyTorch misuse: add str
# expect-exit: 1
# expect-stderr: TypeError: add(): argument 'other' (position 2) must be Tensor, not str
import torch
t = torch.add(torch.zeros(2), 'a')
