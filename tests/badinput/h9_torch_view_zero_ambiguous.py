# badinput: view(-1, 0) of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous
import torch
torch.ones(0).view(-1, 0)
