# badinput: torch.jit.script of an int
# expect-exit: 1
# expect-stderr: TypeError: <class 'int'> is a built-in class
import torch
torch.jit.script(5)
