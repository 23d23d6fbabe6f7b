# badinput: a tensor plus None
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'Tensor' and 'NoneType'
import torch
torch.ones(2) + None
