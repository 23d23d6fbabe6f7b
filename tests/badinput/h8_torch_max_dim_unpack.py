# badinput: PyTorch misuse: max dim unpack
# expect-exit: 1
# expect-stderr: TypeError: iteration over a 0-d tensor
import torch
x = torch.zeros(2, 3)
v, i = x.max()
