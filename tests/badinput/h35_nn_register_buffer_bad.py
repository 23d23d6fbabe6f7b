# badinput: torch.nn / utils misuse: nn register buffer bad
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' object to buffer 'x' (torch Tensor or None required)
import torch
m = torch.nn.Module()
m.register_buffer("x", 5)
