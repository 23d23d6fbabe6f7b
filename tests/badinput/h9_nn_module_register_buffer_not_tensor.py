# badinput: register_buffer of an int
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' object to buffer 'b' (torch Tensor or None required)
import torch
torch.nn.Module().register_buffer('b', 3)
