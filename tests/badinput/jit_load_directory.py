# badinput: torch.jit.load of a directory
# expect-exit: 1
# expect-stderr: ValueError: The provided filename . is a directory
import torch
torch.jit.load('.')
