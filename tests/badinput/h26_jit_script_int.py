# badinput: torch.jit.script(3): PyTorch's source lookup refuses a built-in class
# expect-exit: 1
# expect-stderr: TypeError: <class 'int'> is a built-in class
import torch
torch.jit.script(3)
