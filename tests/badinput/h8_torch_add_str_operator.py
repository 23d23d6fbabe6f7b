# badinput: PyTorch misuse: add str operator
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'Tensor' and 'str'
import torch
t = torch.zeros(2) + 'a'
